/** Wrong tries made at one e-mailed code: by the client that asked for it, and by all other clients together. */
export interface CodeTries {
  attempts: number;
  foreignAttempts: number;
}

/** How many wrong tries a code takes from the client that asked for it, and from all others together. */
export interface CodeTryLimits {
  own: number;
  foreign: number;
}

/**
 * Whether a client may still try an e-mailed code, after `extra` more wrong tries of its own. The client that
 * asked for it (`requester`) has tries of its own, so a stranger's wrong guesses never use up the owner's.
 */
export function codeTriesLeft(
  tries: CodeTries,
  requester: boolean,
  limits: CodeTryLimits,
  extra = 0,
): boolean {
  return requester ? tries.attempts + extra < limits.own : tries.foreignAttempts + extra < limits.foreign;
}
