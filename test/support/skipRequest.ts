/** True when a developer set one of our BROWSER_DEBUG_SKIP_* variables (the only way a suite may skip). */
export function skipRequested(variable: string): boolean {
  const value = process.env[variable];
  return Boolean(value) && value !== '0' && value !== 'false';
}
