import { DataSource } from 'typeorm';
import { AuthUser } from '../../auth/context';
import {
  codigoEtiqueta,
  type FormatoEtiquetas,
  isNumeroEtiqueta,
  validateFormatoEtiquetas,
} from '../../domain/etiquetas';
import { OpcionesDatos, validateOpciones } from '../../domain/integrante';
import {
  panelAdicional,
  panelAdicionalTexto,
  validatePanelAdicional,
  type MarcadorAdicional,
} from '../../domain/resultados';
import { MSG } from '../../domain/messages';
import {
  UMBRALES_TAMIZAJE_KEYS,
  type UmbralesTamizaje,
  type UmbralTamizajeKey,
  validateUmbrales,
} from '../../domain/donacion';
import { assertValid, ForbiddenError, NotFoundError, ValidationError } from '../../errors';
import { PAGE_MAX } from '../../graphql/pagination';
import { audit, diff } from '../auditoria/audit';
import { Rol } from '../usuario/rol.enum';
import { Servicio } from '../servicio/servicio.entity';
import { EtiquetaSinUsar } from './opciones.input';

/** A servicio's screening thresholds as the domain names them (null: the spec's bound). */
export function umbralesDe(s: Servicio): UmbralesTamizaje {
  return {
    hbMinMujer: s.umbralHbMinMujer ?? null,
    hbMinHombre: s.umbralHbMinHombre ?? null,
    hbMax: s.umbralHbMax ?? null,
    hctoMinMujer: s.umbralHctoMinMujer ?? null,
    hctoMinHombre: s.umbralHctoMinHombre ?? null,
    hctoMax: s.umbralHctoMax ?? null,
  };
}

export type OpcionesResult = { servicio: Servicio; message: string };

function text(value: string | null | undefined): string | null {
  const trimmed = (value ?? '').trim();
  return trimmed === '' ? null : trimmed;
}

const fields = (s: Servicio) => ({
  nombre: s.nombre,
  direccion: s.direccion,
  email: s.email,
  telefono: s.telefono,
});

/** The service's own options (nombre, direccion, email, telefono). */
/** The columns the unused label numbers can be ordered by (GraphQL EtiquetaSinUsarOrdenCampo). */
export type EtiquetaSinUsarOrdenData = {
  campo: 'NUMERO' | 'EMITIDA' | 'EMITIDA_POR' | 'DONANTE';
  direccion?: 'ASC' | 'DESC' | null;
};

/**
 * The ORDER BY of each column ($dir: ASC or DESC, nothing else), the number last: one number is
 * one row, so equal values keep one order from page to page. Who issued a number reads as the
 * screen shows it (name and surname, else the username); numbers with no one last either way.
 */
const ORDEN_SIN_USAR: Record<EtiquetaSinUsarOrdenData['campo'], string> = {
  NUMERO: 'e.numero $dir',
  EMITIDA: 'e.emitida_at $dir, e.numero $dir',
  EMITIDA_POR: `(SELECT lower(coalesce(nullif(trim(concat_ws(' ', u.nombre, u.apellido)), ''), u.username))
      FROM usuario u WHERE u.id = e.usuario_id AND u.servicio_id = e.servicio_id) $dir NULLS LAST, e.numero $dir`,
  DONANTE: `(SELECT d.apellido_busqueda FROM donante d WHERE d.id = e.donante_id AND d.servicio_id = e.servicio_id) $dir NULLS LAST,
    (SELECT d.nombre_busqueda FROM donante d WHERE d.id = e.donante_id AND d.servicio_id = e.servicio_id) $dir NULLS LAST,
    e.numero $dir`,
};

export class OpcionesService {
  constructor(private readonly dataSource: DataSource) {}

  /** The caller's servicio; every role may read it. */
  async get(auth: AuthUser): Promise<Servicio> {
    const servicio = await this.dataSource.getRepository(Servicio).findOneBy({ id: auth.servicio });
    if (!servicio) throw new NotFoundError();
    return servicio;
  }

  /** Only the service administrator may change them. */
  async update(auth: AuthUser, data: OpcionesDatos): Promise<OpcionesResult> {
    if (auth.rol !== Rol.ROL_SERVICIO) throw new ForbiddenError();
    assertValid(validateOpciones(data));
    const servicio = await this.dataSource.transaction(async (manager) => {
      const actual = await manager
        .getRepository(Servicio)
        .findOne({ where: { id: auth.servicio }, lock: { mode: 'pessimistic_write' } });
      if (!actual) throw new NotFoundError();
      const before = fields(actual);
      const after = {
        nombre: String(data.nombre).trim(),
        direccion: text(data.direccion),
        email: text(data.email),
        telefono: text(data.telefono),
      };
      await manager.update(Servicio, { id: auth.servicio }, after);
      // In a network, other members keep reading the name the network approved: a new one waits
      // for its approval (modules/red).
      await manager.query(
        `UPDATE servicio SET nombre_propuesto = CASE WHEN red_id IS NOT NULL AND nombre_en_red IS DISTINCT FROM $2
           THEN $2 END WHERE id = $1`,
        [auth.servicio, after.nombre],
      );
      await audit(manager, auth, 'editar', 'servicio', auth.servicio, diff(before, after));
      return manager.getRepository(Servicio).findOneByOrFail({ id: auth.servicio });
    });
    return { servicio, message: MSG.opcionesGuardadas };
  }

  /**
   * How 'Generar Etiquetas' prints: the A4 sheet or a label printer's size (domain/etiquetas.ts).
   * Only the service administrator; audited in the same transaction.
   */
  async updateFormatoEtiquetas(auth: AuthUser, data: FormatoEtiquetas): Promise<Servicio> {
    if (auth.rol !== Rol.ROL_SERVICIO) throw new ForbiddenError();
    assertValid(validateFormatoEtiquetas(data));
    return this.dataSource.transaction(async (manager) => {
      const actual = await manager
        .getRepository(Servicio)
        .findOne({ where: { id: auth.servicio }, lock: { mode: 'pessimistic_write' } });
      if (!actual) throw new NotFoundError();
      const formato = (s: Pick<Servicio, 'etiquetaFormato' | 'etiquetaAnchoMm' | 'etiquetaAltoMm'>) => ({
        etiquetaFormato: s.etiquetaFormato,
        etiquetaAnchoMm: s.etiquetaAnchoMm,
        etiquetaAltoMm: s.etiquetaAltoMm,
      });
      const after = formato({
        etiquetaFormato: data.formato as Servicio['etiquetaFormato'],
        etiquetaAnchoMm: data.anchoMm,
        etiquetaAltoMm: data.altoMm,
      });
      const cambios = diff(formato(actual), after);
      if (Object.keys(cambios).length > 0) {
        await manager.update(Servicio, { id: auth.servicio }, after);
        await audit(manager, auth, 'editar', 'servicio', auth.servicio, cambios);
      }
      return manager.getRepository(Servicio).findOneByOrFail({ id: auth.servicio });
    });
  }

  /**
   * The tests the servicio adds to the national screening of its laboratory panel (NAT), from
   * the allowed set of domain/resultados.ts. Only the service administrator; audited in words in
   * the same transaction. Results already recorded of a marker taken out stay with their donations.
   */
  async updatePanelResultados(auth: AuthUser, marcadores: unknown): Promise<Servicio> {
    if (auth.rol !== Rol.ROL_SERVICIO) throw new ForbiddenError();
    assertValid(validatePanelAdicional(marcadores));
    const despues = panelAdicional(marcadores as MarcadorAdicional[]);
    return this.dataSource.transaction(async (manager) => {
      const actual = await manager
        .getRepository(Servicio)
        .findOne({ where: { id: auth.servicio }, lock: { mode: 'pessimistic_write' } });
      if (!actual) throw new NotFoundError();
      const cambios = diff(
        { panelResultados: panelAdicionalTexto(actual.marcadoresAdicionales ?? []) },
        { panelResultados: panelAdicionalTexto(despues) },
      );
      if (Object.keys(cambios).length > 0) {
        await manager.query(`UPDATE servicio SET marcadores_adicionales = $2 WHERE id = $1`, [
          auth.servicio,
          despues,
        ]);
        await audit(manager, auth, 'editar', 'servicio', auth.servicio, cambios);
      }
      return manager.getRepository(Servicio).findOneByOrFail({ id: auth.servicio });
    });
  }

  /**
   * The servicio's screening thresholds (domain/donacion.ts validateSignosVitales): never looser
   * than the spec (a looser one is refused, nothing changed). Only the service administrator;
   * audited in the same transaction. Every new donation is checked against them.
   */
  async updateUmbralesTamizaje(
    auth: AuthUser,
    data: Partial<Record<UmbralTamizajeKey, unknown>>,
  ): Promise<Servicio> {
    if (auth.rol !== Rol.ROL_SERVICIO) throw new ForbiddenError();
    assertValid(validateUmbrales(data));
    const despues = Object.fromEntries(
      UMBRALES_TAMIZAJE_KEYS.map((k) => [k, (data[k] as number | null | undefined) ?? null]),
    ) as UmbralesTamizaje;
    return this.dataSource.transaction(async (manager) => {
      const actual = await manager
        .getRepository(Servicio)
        .findOne({ where: { id: auth.servicio }, lock: { mode: 'pessimistic_write' } });
      if (!actual) throw new NotFoundError();
      const cambios = diff(umbralesDe(actual), despues);
      if (Object.keys(cambios).length > 0) {
        await manager.update(
          Servicio,
          { id: auth.servicio },
          {
            umbralHbMinMujer: despues.hbMinMujer,
            umbralHbMinHombre: despues.hbMinHombre,
            umbralHbMax: despues.hbMax,
            umbralHctoMinMujer: despues.hctoMinMujer,
            umbralHctoMinHombre: despues.hctoMinHombre,
            umbralHctoMax: despues.hctoMax,
          },
        );
        await audit(manager, auth, 'editar', 'servicio', auth.servicio, cambios);
      }
      return manager.getRepository(Servicio).findOneByOrFail({ id: auth.servicio });
    });
  }

  /** The servicio's last issued label number; 0 when none was issued yet. Every role may read it. */
  async contadorEtiquetas(auth: AuthUser): Promise<number> {
    const [row] = await this.dataSource.query(
      `SELECT ultimo::text AS ultimo FROM etiqueta_contador WHERE servicio_id = $1`,
      [auth.servicio],
    );
    return row ? Number(row.ultimo) : 0;
  }

  /**
   * The label numbers the servicio issued that no donation carries (deleted ones count as carried),
   * newest first, with who issued each, when and for which donor: numbers printed and never used,
   * or lost. Only the service administrator. Read from the partial index of the unused ones
   * (migration 1764300000000), so a page costs the same however many numbers were used.
   */
  async etiquetasSinUsar(
    auth: AuthUser,
    page: { offset?: number | null; limit?: number | null } = {},
    /** A column and a direction; none: the highest number first. */
    orden?: EtiquetaSinUsarOrdenData | null,
  ) {
    if (auth.rol !== Rol.ROL_SERVICIO) throw new ForbiddenError();
    const porCampo = orden ? ORDEN_SIN_USAR[orden.campo] : 'e.numero DESC';
    if (!porCampo) throw ValidationError.single('campo', MSG.ordenInvalido);
    const orderBy = orden
      ? porCampo.replace(/\$dir/g, orden.direccion === 'DESC' ? 'DESC' : 'ASC')
      : porCampo;
    const offset = Math.max(0, Math.trunc(page.offset ?? 0));
    const limit = Math.min(PAGE_MAX, Math.max(1, Math.trunc(page.limit ?? 20)));
    const [{ total }] = await this.dataSource.query(
      `SELECT count(*)::int AS total FROM etiqueta_emitida WHERE servicio_id = $1 AND donacion_id IS NULL`,
      [auth.servicio],
    );
    const rows: { numero: number; emitida_at: Date; usuario_id: string | null; donante_id: string | null }[] =
      await this.dataSource.query(
        `SELECT e.numero, e.emitida_at, e.usuario_id, e.donante_id FROM etiqueta_emitida e
          WHERE e.servicio_id = $1 AND e.donacion_id IS NULL
          ORDER BY ${orderBy} OFFSET $2 LIMIT $3`,
        [auth.servicio, offset, limit],
      );
    const items = rows.map((r) =>
      Object.assign(new EtiquetaSinUsar(), {
        numero: Number(r.numero),
        codigo: codigoEtiqueta(Number(r.numero)),
        emitidaEn: r.emitida_at,
        usuarioId: r.usuario_id,
        donanteId: r.donante_id,
      }),
    );
    return { items, total: Number(total), offset, limit };
  }

  /**
   * Moves the label counter forward to `ultimo` (a servicio that continues a
   * paper book): the numbers up to it count as issued and the next label is
   * ultimo + 1. Never back, never past NUMERO_ETIQUETA_MAX. Only the service
   * administrator; audited in the same transaction.
   */
  async avanzarContadorEtiquetas(auth: AuthUser, ultimo: number): Promise<number> {
    if (auth.rol !== Rol.ROL_SERVICIO) throw new ForbiddenError();
    if (!isNumeroEtiqueta(ultimo)) throw ValidationError.single('ultimo', MSG.numeroEtiquetaFueraDeRango);
    return this.dataSource.transaction(async (m) => {
      // The row exists and is locked: nextEtiquetaNumero waits, so the comparison holds at the update.
      await m.query(
        `INSERT INTO etiqueta_contador (servicio_id, ultimo) VALUES ($1, 0) ON CONFLICT (servicio_id) DO NOTHING`,
        [auth.servicio],
      );
      const [row] = await m.query(
        `SELECT ultimo::text AS ultimo FROM etiqueta_contador WHERE servicio_id = $1 FOR UPDATE`,
        [auth.servicio],
      );
      const antes = Number(row.ultimo);
      if (ultimo <= antes) throw ValidationError.single('ultimo', MSG.contadorEtiquetasNoRetrocede(antes));
      await m.query(`UPDATE etiqueta_contador SET ultimo = $2 WHERE servicio_id = $1`, [
        auth.servicio,
        ultimo,
      ]);
      await audit(m, auth, 'editar', 'etiqueta', String(ultimo), { ultimo: [antes, ultimo] });
      return ultimo;
    });
  }
}
