/**
 * Where the install offer ('Más tarde' / 'Instalar') will appear. Its behaviour (the browser's
 * beforeinstallprompt event and the remembered dismissal) arrives with the installable-app issue; until then
 * the slot renders nothing so the sign-in screen's layout already leaves room for it.
 */
export function InstallBanner() {
  return null;
}
