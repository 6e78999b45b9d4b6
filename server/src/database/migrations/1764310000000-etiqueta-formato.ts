import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * How a servicio prints its labels ('Generar Etiquetas'), set by its administrator in Opciones >
 * Numeración: the A4 sheet of 6 (the default, as before) or one label per page at a label
 * printer's size, in whole millimetres. The size is kept while the sheet is chosen. The bounds
 * are domain/limites.ts ETIQUETA_ANCHO_MM and ETIQUETA_ALTO_MM.
 */
export class EtiquetaFormato1764310000000 implements MigrationInterface {
  name = 'EtiquetaFormato1764310000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE servicio
        ADD etiqueta_formato varchar(10) NOT NULL DEFAULT 'HOJA_A4'
          CHECK (etiqueta_formato IN ('HOJA_A4', 'IMPRESORA')),
        ADD etiqueta_ancho_mm integer NOT NULL DEFAULT 100 CHECK (etiqueta_ancho_mm BETWEEN 40 AND 110),
        ADD etiqueta_alto_mm integer NOT NULL DEFAULT 50 CHECK (etiqueta_alto_mm BETWEEN 25 AND 150)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE servicio
        DROP COLUMN etiqueta_alto_mm, DROP COLUMN etiqueta_ancho_mm, DROP COLUMN etiqueta_formato`);
  }
}
