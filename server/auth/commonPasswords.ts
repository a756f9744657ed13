/**
 * Passwords too common to accept: the ≈49,000 most used passwords of public leaks, as kept by
 * zxcvbn-ts (`@zxcvbn-ts/language-common`, lowercase). Compared regardless of letter case
 * ('Qwertyuiop' is 'qwertyuiop'). Server only: the list is ≈200 KB compressed, too much for the
 * app's first load; the form shows the server's 422 on the field. Loaded on first use (≈40 ms).
 */
let list: Promise<Set<string>> | undefined;

function passwords(): Promise<Set<string>> {
  list ??= import('@zxcvbn-ts/language-common').then((m) => new Set(m.dictionary['passwords-common']));
  return list;
}

/** The password, as it would be stored, is one of the common ones. */
export async function isCommonPassword(plain: string): Promise<boolean> {
  return (await passwords()).has(plain.trim().toLowerCase());
}
