/** The printed interview's file name: entrevista-<dni>-<fecha>.pdf. */
export const entrevistaFileName = (dni: string, fecha: string): string => `entrevista-${dni}-${fecha}.pdf`;
