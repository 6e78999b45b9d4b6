/** What the printed interview and consent carry: the servicio, the donor, the visit and its answers. */
export type EntrevistaPdfData = {
  servicio: { nombre: string };
  donante: {
    nombre: string;
    apellido: string;
    dni: string;
    fechaNacimiento: string | null;
    sexo: string | null;
  };
  visita: { id: string; fecha: string; hora: string };
  /** The answers as recorded (a confidential one's value is null to who may not read it). */
  respuestas: { orden: number; texto: string; confidencial: boolean; valor: string | null }[];
};
