declare global {
  namespace Express {
    interface Request {
      /** Request id, logged with every line and returned in masked errors. */
      id?: string;
    }
  }
}

export {};
