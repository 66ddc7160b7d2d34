// What the browser keeps between reloads: the token, the remembered role, the voluntary-logout flag,
// and the two-factor data of an unfinished sign-in (session storage: gone with the tab).
const TOKEN = 'token';
const ROLE = 'role';
const VOLUNTARY_LOGOUT = 'voluntaryLogout';
const TWO_FACTOR = 'twoFactor';

export const readToken = () => localStorage.getItem(TOKEN);
export function saveToken(token: string) {
  localStorage.setItem(TOKEN, token);
  localStorage.removeItem(VOLUNTARY_LOGOUT);
}
export const rememberRole = (role: string) => localStorage.setItem(ROLE, role);
export const rememberedRole = () => localStorage.getItem(ROLE);
export function clearSession() {
  localStorage.removeItem(TOKEN);
  localStorage.removeItem(ROLE);
}
export const markVoluntaryLogout = () => localStorage.setItem(VOLUNTARY_LOGOUT, 'true');

export interface TwoFactorPending {
  userId: number;
  email: string;
}
export const saveTwoFactor = (data: TwoFactorPending) => sessionStorage.setItem(TWO_FACTOR, JSON.stringify(data));
export function readTwoFactor(): TwoFactorPending | null {
  try {
    return JSON.parse(sessionStorage.getItem(TWO_FACTOR) ?? 'null');
  } catch {
    return null;
  }
}
export const clearTwoFactor = () => sessionStorage.removeItem(TWO_FACTOR);
