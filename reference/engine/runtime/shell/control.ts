/** Control flow that unwinds the interpreter: `exit N`, `break`, `continue`. */
export class ShellExit extends Error {
  constructor(readonly code: number) {
    super(`exit ${code}`);
  }
}

export class LoopControl extends Error {
  constructor(readonly kind: 'break' | 'continue') {
    super(kind);
  }
}
