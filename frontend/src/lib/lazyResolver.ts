import type { FieldValues, Resolver } from 'react-hook-form';

/**
 * A form resolver whose schema (and zod with it) is imported on the form's first validation
 * instead of with the screen: `load` runs once, later validations reuse its resolver.
 */
export function lazyResolver<T extends FieldValues>(load: () => Promise<Resolver<T>>): Resolver<T> {
  let loading: Promise<Resolver<T>> | null = null;
  return async (values, context, options) => {
    loading ??= load();
    const resolver = await loading;
    return resolver(values, context, options);
  };
}
