const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a value is a UUID, the shape of every backend id: anything else need not be asked for (the backend answers 400). */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}
