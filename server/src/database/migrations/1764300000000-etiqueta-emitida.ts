import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Every label number issued ('Generar Etiquetas', DonacionService.nextEtiquetaNumero): who issued
 * it, when, and for which donor when the caller named one. `donacion_id` is the first donation
 * that carried the number, set by a trigger on `donacion` in the donation's own transaction
 * (whatever statement writes it), so the numbers issued and never used (Opciones > Numeración)
 * are an index read, not an anti-join over every donation.
 *
 * The numbers issued before this migration come from the audit trail, where each issue left a
 * 'crear' 'etiqueta' entry with its user and time. The numbers a servicio's administrator moved the
 * counter past (a paper book continued) were never issued here and are not listed.
 */
export class EtiquetaEmitida1764300000000 implements MigrationInterface {
  name = 'EtiquetaEmitida1764300000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE etiqueta_emitida (
        servicio_id uuid NOT NULL REFERENCES servicio(id),
        numero integer NOT NULL CHECK (numero > 0),
        usuario_id uuid NULL,
        donante_id uuid NULL REFERENCES donante(id),
        emitida_at timestamptz NOT NULL DEFAULT now(),
        donacion_id uuid NULL REFERENCES donacion(id),
        PRIMARY KEY (servicio_id, numero)
      )`);
    // The unused ones, newest first: what Opciones > Numeración lists and counts.
    await q.query(`
      CREATE INDEX etiqueta_emitida_sin_usar_idx
        ON etiqueta_emitida (servicio_id, numero DESC) WHERE donacion_id IS NULL`);
    // The numbers issued for a donor: the audit search by donor (auditoria.service.ts).
    await q.query(`
      CREATE INDEX etiqueta_emitida_donante_idx
        ON etiqueta_emitida (donante_id) WHERE donante_id IS NOT NULL`);
    await q.query(`
      CREATE FUNCTION etiqueta_emitida_usada() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE etiqueta_emitida SET donacion_id = NEW.id
         WHERE servicio_id = NEW.servicio_id AND numero = NEW.numero AND donacion_id IS NULL;
        RETURN NULL;
      END $$`);
    await q.query(`
      CREATE TRIGGER etiqueta_emitida_usada
        AFTER INSERT OR UPDATE OF numero, servicio_id ON donacion
        FOR EACH ROW EXECUTE FUNCTION etiqueta_emitida_usada()`);
    // From the audit trail: each issued number once, with the first donation (deleted ones too)
    // that carried it.
    await q.query(`
      INSERT INTO etiqueta_emitida (servicio_id, numero, usuario_id, emitida_at, donacion_id)
      SELECT DISTINCT ON (a.servicio_id, a.entidad_id::integer)
             a.servicio_id, a.entidad_id::integer, a.usuario_id, a.at,
             (SELECT d.id FROM donacion d
               WHERE d.servicio_id = a.servicio_id AND d.numero = a.entidad_id::integer
               ORDER BY d.created_at, d.id LIMIT 1)
        FROM auditoria a
       WHERE a.entidad = 'etiqueta' AND a.accion = 'crear' AND a.entidad_id ~ '^[0-9]{1,9}$'
         AND a.entidad_id::integer > 0
         AND EXISTS (SELECT 1 FROM servicio s WHERE s.id = a.servicio_id)
       ORDER BY a.servicio_id, a.entidad_id::integer, a.at`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER etiqueta_emitida_usada ON donacion`);
    await q.query(`DROP FUNCTION etiqueta_emitida_usada()`);
    await q.query(`DROP TABLE etiqueta_emitida`);
  }
}
