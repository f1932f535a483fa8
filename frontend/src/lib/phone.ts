/** A mainland China mobile number as the server accepts it: 11 digits, 1 then 3–9 (spaces around it ignored). */
export function isMobilePhone(value: string): boolean {
  return /^1[3-9]\d{9}$/.test(value.trim());
}
