/** A full page load (after an organisation change or impersonation the whole client restarts). */
export function hardNavigate(path: string): void {
  window.location.assign(path);
}
