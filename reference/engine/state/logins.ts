/**
 * The in-memory registry's accounts as POST /auth sees them: a first login registers the password
 * of (registry, user), later logins must match it; a repeated login is answered 204.
 */
export class RegistryLogins {
  private readonly passwords = new Map<string, string>();
  private readonly loggedIn = new Set<string>();

  /** The password registered for the account, if any. */
  passwordOf(registry: string, username: string): string | undefined {
    return this.passwords.get(accountKey(registry, username));
  }

  /** Registers the password (where none was) and records the login: true when the same login was made before. */
  login(registry: string, username: string, password: string): boolean {
    const account = accountKey(registry, username);
    this.passwords.set(account, password);
    const key = `${account}\u0000${password}`;
    const repeated = this.loggedIn.has(key);
    this.loggedIn.add(key);
    return repeated;
  }

  /** Forgets every account and login, as a fresh daemon and registry would start. */
  clear(): void {
    this.passwords.clear();
    this.loggedIn.clear();
  }
}

const accountKey = (registry: string, username: string): string => `${registry}\u0000${username}`;
