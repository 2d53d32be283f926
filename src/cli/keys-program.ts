import { Command } from 'commander';
import {
  blockApiKey,
  createApiKey,
  deleteApiKey,
  listApiKeys,
  regenerateApiKey,
  setApiKeyIpAllowlist,
  unblockApiKey,
  KeyManagementError,
  type ApiKeyView,
  type KeyContext,
} from '../server/services/api-keys';
import { createManagementKey, deleteManagementKey, listManagementKeys, regenerateManagementKey, type ManagementKeyView } from '../server/services/management-keys';

function describeKey(key: ApiKeyView): string {
  const ips = key.ipAllowlist.length > 0 ? key.ipAllowlist.join(',') : 'any address';
  return `${key.id}  ${key.status.padEnd(7)}  project ${key.projectId}  "${key.name}"  IPs: ${ips}`;
}

function describeManagementKey(key: ManagementKeyView): string {
  return `${key.id}  ${key.status.padEnd(7)}  project ${key.projectId}  "${key.name}"  (management)`;
}

/**
 * The `npm run keys` commands over an open database. Built per run so tests can drive it with
 * their own database, clock and output; the entry point (keys.ts) wires the real ones.
 */
export function keysProgram(ctx: KeyContext, print: (line: string) => void): Command {
  const program = new Command('keys').description('Manage the API keys (X-App-Id / X-App-Token) of a project').exitOverride();
  program.configureOutput({ writeOut: print, writeErr: print });

  program
    .command('create')
    .description('Create a key pair; the secret is printed once')
    .requiredOption('--project <id>', 'project id')
    .requiredOption('--name <name>', 'a name to recognise the key by')
    .option('--allow-ips <cidr...>', 'restrict the key to these IP addresses or CIDR blocks')
    .action(async (options: { project: string; name: string; allowIps?: string[] }) => {
      const { key, secret } = await createApiKey(ctx, options.project, options.name, options.allowIps ?? []);
      print(`Created ${describeKey(key)}`);
      print(`  X-App-Id:    ${key.id}`);
      print(`  X-App-Token: ${secret}   (shown once: store it now)`);
    });

  program
    .command('list')
    .description('List keys, all projects or one')
    .option('--project <id>', 'only this project')
    .action(async (options: { project?: string }) => {
      const keys = await listApiKeys(ctx, options.project);
      if (keys.length === 0) print('No API keys.');
      for (const key of keys) print(describeKey(key));
    });

  const simple: [string, string, (id: string) => Promise<ApiKeyView>][] = [
    ['block', 'Block a key: its key pair and every token it issued stop working', (id) => blockApiKey(ctx, id)],
    ['unblock', 'Unblock a blocked key (tokens revoked by the block stay revoked)', (id) => unblockApiKey(ctx, id)],
    ['delete', 'Delete a key for good, revoking its tokens', (id) => deleteApiKey(ctx, id)],
  ];
  for (const [name, description, run] of simple) {
    program
      .command(name)
      .description(description)
      .argument('<keyId>', 'the X-App-Id')
      .action(async (id: string) => print(describeKey(await run(id))));
  }

  program
    .command('regenerate')
    .description('Give a key a new secret; tokens it issued keep working')
    .argument('<keyId>', 'the X-App-Id')
    .action(async (id: string) => {
      const { key, secret } = await regenerateApiKey(ctx, id);
      print(`Regenerated ${describeKey(key)}`);
      print(`  X-App-Token: ${secret}   (shown once: store it now)`);
    });

  program
    .command('allow-ips')
    .description('Set the IP allowlist of a key (IP addresses or CIDR blocks); --clear allows every address')
    .argument('<keyId>', 'the X-App-Id')
    .argument('[cidr...]', 'addresses or CIDR blocks, e.g. 203.0.113.0/24 2001:db8::/32')
    .option('--clear', 'remove the allowlist')
    .action(async (id: string, cidrs: string[], options: { clear?: boolean }) => {
      if (cidrs.length === 0 && !options.clear) throw new KeyManagementError('Give at least one address or CIDR block, or --clear');
      if (cidrs.length > 0 && options.clear) throw new KeyManagementError('Give addresses or --clear, not both');
      print(describeKey(await setApiKeyIpAllowlist(ctx, id, cidrs)));
    });

  program
    .command('create-management')
    .description('Create a management key pair (X-Management-Id / X-Management-Token) for the project\'s webhooks; the secret is printed once')
    .requiredOption('--project <id>', 'project id')
    .requiredOption('--name <name>', 'a name to recognise the key by')
    .action(async (options: { project: string; name: string }) => {
      const { key, secret } = await createManagementKey(ctx, options.project, options.name);
      print(`Created ${describeManagementKey(key)}`);
      print(`  X-Management-Id:    ${key.id}`);
      print(`  X-Management-Token: ${secret}   (shown once: store it now)`);
    });

  program
    .command('list-management')
    .description('List management keys, all projects or one')
    .option('--project <id>', 'only this project')
    .action(async (options: { project?: string }) => {
      const keys = await listManagementKeys(ctx, options.project);
      if (keys.length === 0) print('No management keys.');
      for (const key of keys) print(describeManagementKey(key));
    });

  program
    .command('delete-management')
    .description('Delete a management key for good')
    .argument('<keyId>', 'the X-Management-Id')
    .action(async (id: string) => print(describeManagementKey(await deleteManagementKey(ctx, id))));

  program
    .command('regenerate-management')
    .description('Give a management key a new secret')
    .argument('<keyId>', 'the X-Management-Id')
    .action(async (id: string) => {
      const { key, secret } = await regenerateManagementKey(ctx, id);
      print(`Regenerated ${describeManagementKey(key)}`);
      print(`  X-Management-Token: ${secret}   (shown once: store it now)`);
    });

  return program;
}
