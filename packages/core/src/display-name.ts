// SPEC §2 greeting: the user's name; else the part of the user id after a pipe; else the id; else "Guest".

export function displayName(user: { name?: string | null; sub?: string | null } | null | undefined): string {
  const name = user?.name?.trim();
  if (name) return name;
  const id = user?.sub?.trim();
  if (!id) return 'Guest';
  const pipe = id.indexOf('|');
  const afterPipe = pipe >= 0 ? id.slice(pipe + 1).trim() : '';
  return afterPipe || id;
}

export const greeting = (user: Parameters<typeof displayName>[0]): string =>
  `Welcome back, ${displayName(user)}`;
