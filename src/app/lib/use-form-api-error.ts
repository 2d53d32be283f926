import { useEffect, useRef, useState } from 'react';
import type { ErrorObject } from '../../contract/error';
import { errorObjectOf } from './api-error';

/** An API error placed beside one field of a form, in words a person uses. */
export interface PlacedError<Target extends string> {
  target: Target;
  text: string;
}

/**
 * How a form shows an API error: beside the fields `place` names (several texts for one field
 * together, the first field focused), or, when it names none, in an alert at the form's top that
 * takes focus (the submit button is at the bottom, the alert may be out of view).
 */
export function useFormApiError<Target extends string>(
  place: (error: ErrorObject) => PlacedError<Target>[],
  showAtField: (target: Target, text: string, focus: boolean) => void,
) {
  const [formError, setFormError] = useState<unknown>(null);
  const formErrorRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (formError !== null) formErrorRef.current?.focus();
  }, [formError]);

  function showApiError(error: unknown) {
    const placed = place(errorObjectOf(error));
    if (placed.length === 0) {
      setFormError(error);
      return;
    }
    const byTarget = new Map<Target, string[]>();
    for (const { target, text } of placed) byTarget.set(target, [...(byTarget.get(target) ?? []), text]);
    [...byTarget].forEach(([target, texts], index) => showAtField(target, texts.join('\n'), index === 0));
  }

  return { formError, formErrorRef, showApiError, clearFormError: () => setFormError(null) };
}
