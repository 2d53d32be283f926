/** The typed confirmation of a deletion: the program's name, ignoring case and the spaces around it. */
export function deleteConfirmed(name: string, typed: string): boolean {
  return typed.trim().toLocaleLowerCase() === name.trim().toLocaleLowerCase() && typed.trim() !== '';
}
