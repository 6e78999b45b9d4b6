declare global {
  namespace Express {
    // Declaration merging needs an interface here.
    // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
    interface Request {
      /** Request id, logged with every line and returned in masked errors. */
      id?: string;
    }
  }
}

export {};
