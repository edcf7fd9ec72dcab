import { type FormErrors, type UseFormInput, useForm } from '@mantine/form';
import { useEffect } from 'react';
import type { AppLanguage } from '../i18n';
import { useAppLanguage } from '../i18n/useAppLanguage';
import { type FieldSchema, schemaError } from './field-rules';

/**
 * One field's rule: a contracts schema for its value (its issues are message keys, translated here), or, for a rule
 * the contracts do not hold as a schema (a choice to make, a rule that depends on other fields), a function that
 * returns the message already translated, or null.
 */
export type FieldRule<Value, Values> = FieldSchema | ((value: Value, values: Values) => string | null);
export type ContractRules<Values> = { [Field in keyof Values]?: FieldRule<Values[Field], Values> };

/**
 * The resolver @mantine/form validates with (`validate`), built from contract schemas: each field's first issue,
 * in the given language. (mantine-form-zod-resolver is not a dependency; this is all the forms need of it.)
 */
export function contractResolver<Values extends object>(
  rules: ContractRules<Values>,
  lang: AppLanguage,
): (values: Values) => FormErrors {
  return (values) => {
    const errors: FormErrors = {};
    for (const field of Object.keys(rules) as (keyof Values & string)[]) {
      const rule = rules[field];
      if (!rule) continue;
      const message = typeof rule === 'function' ? rule(values[field], values) : schemaError(rule, values[field], lang);
      if (message) errors[field] = message;
    }
    return errors;
  };
}

export type ContractFormInput<Values> = Omit<UseFormInput<Values>, 'validate'> & { rules: ContractRules<Values> };

/**
 * `useForm` validated by contract rules, controlled, in the current language. Messages already on screen follow a
 * language switch; a refusal the server set on a field the rules find valid stays as it is.
 */
export function useContractForm<Values extends Record<string, unknown>>({
  rules,
  ...input
}: ContractFormInput<Values>) {
  const lang = useAppLanguage();
  const validate = contractResolver(rules, lang);
  const form = useForm<Values>({ mode: 'controlled', ...input, validate });

  // biome-ignore lint/correctness/useExhaustiveDependencies: re-run only when the language changes
  useEffect(() => {
    const shown = Object.keys(form.errors);
    if (shown.length === 0) return;
    const local = validate(form.values);
    for (const field of shown) if (local[field]) form.setFieldError(field, local[field]);
  }, [lang]);

  return form;
}
