const env = process.env as Record<string, string | undefined>;

/**
 * Remembers `keys` of process.env as they are now, for a test that changes them: `values` holds them and
 * `restore()` puts them back, deleting the ones that were not set.
 */
export function saveEnv<K extends string>(
  ...keys: K[]
): { values: Record<K, string | undefined>; restore(): void } {
  const values = Object.fromEntries(keys.map((key) => [key, env[key]])) as Record<K, string | undefined>;
  return {
    values,
    restore() {
      for (const key of keys) {
        const value = values[key];
        if (value === undefined) delete env[key];
        else env[key] = value;
      }
    },
  };
}
