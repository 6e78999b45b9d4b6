import { randomUUID } from 'node:crypto';
import { DataSource, EntityManager } from 'typeorm';
import { AuthUser } from '../../auth/context';
import { todayIso } from '../../domain/dates';
import {
  DONANTE_DEFAULTS,
  DonanteData,
  donanteDuplicadoMsg,
  normalizeCph,
  parseFecha,
  validateDonante,
} from '../../domain/donante';
import { canonicalDni } from '../../domain/dni';
import { MSG } from '../../domain/messages';
import { isUuid } from '../../domain/validation';
import { assertValid, ForbiddenError, NotFoundError, ValidationError } from '../../errors';
import { Page, PAGE_MAX } from '../../graphql/pagination';
import { isUniqueViolation, UNIQUE_INDEX } from '../../database/errors';
import { hydrate } from '../../database/hydrate';
import type { RunQuery } from '../../database/prepared';
import { audit, diff } from '../auditoria/audit';
import { puedeDecidir } from '../elegibilidad/elegibilidad.service';
import { historialDe, lockIdentidad, personaDelDni, unirPersonas } from '../persona/persona.service';
import { Donante } from './donante.entity';
import type { ElegibilidadService } from '../elegibilidad/elegibilidad.service';
import { ABO, RH } from '../../domain/donacion';
import { DONANTES_ELEGIBILIDAD_REVISADOS_MAX, DONANTES_TOTAL_MAX } from '../../domain/limites';
import {
  donanteColumns,
  DonanteFilterData,
  DonanteOrdenData,
  donantesPorId,
  idsDonantes,
  ORDEN_CAMPOS,
  searchDonantes,
} from './donante.search';

/** A page of the donor search: the total is exact up to DONANTES_TOTAL_MAX (domain/limites.ts). */
export type DonantePageData = Page<Donante> & { totalExacto: boolean };

export type { DonanteFilterData, DonanteOrdenData };

/** The search's filters: the texts and the group (SQL), and today's eligibility (the domain rules). */
export type DonanteSearchData = DonanteFilterData & { puedeDonar?: boolean | null };

/** How many histories one eligibility statement reads (a page's worth). */
const ELEGIBILIDAD_LOTE = PAGE_MAX;

/** A group or factor of the filter: trimmed, in capitals; one of `valores` (not blank), else an error. */
function valorDeLista(
  value: string | null | undefined,
  valores: readonly string[],
  field: string,
  msg: string,
  errors: { field: string; msg: string }[],
): string | null {
  const text = (value ?? '').trim().toUpperCase();
  if (text === '') return null;
  if (!valores.includes(text)) errors.push({ field, msg });
  return text;
}
export type PageData = { offset?: number | null; limit?: number | null };

/** The fields a create or update writes (everything but ids, ultimaDonacion and timestamps). */
type DonanteFields = Omit<
  Donante,
  | 'id'
  | 'servicioId'
  | 'ultimaDonacion'
  | 'deletedAt'
  | 'duplicadoDe'
  | 'fusionadoCon'
  | 'personaId'
  | 'createdAt'
  | 'updatedAt'
  | 'puedeDonar'
  | 'proximaDonacion'
>;

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

function optional(value: unknown): string | null {
  const t = text(value);
  return t === '' ? null : t;
}

/** Checked data -> the columns to write, with the defaults of a new donor. */
function toFields(data: DonanteData): DonanteFields {
  return {
    nombre: text(data.nombre),
    apellido: text(data.apellido),
    dni: canonicalDni(data.dni),
    fechaNacimiento: parseFecha(data.fechaNacimiento)!,
    sexo: text(data.sexo),
    domActual: optional(data.domActual),
    domActualAltura: optional(data.domActualAltura),
    domActualPiso: optional(data.domActualPiso),
    domActualDepto: optional(data.domActualDepto),
    localidadActual: optional(data.localidadActual),
    ProvinciaActual: text(data.ProvinciaActual),
    domDni: optional(data.domDni),
    localidadDni: optional(data.localidadDni),
    codPostal: optional(data.codPostal),
    telefono: optional(data.telefono),
    telefono2: optional(data.telefono2),
    email: optional(data.email),
    lugarNacimiento: optional(data.lugarNacimiento),
    ProvinciaNacimiento: optional(data.ProvinciaNacimiento),
    nacionalidad: text(data.nacionalidad),
    ocupacion: optional(data.ocupacion),
    convocado: data.convocado === true,
    donacionAferesis: data.donacionAferesis === true,
    donacionAnterior: data.donacionAnterior === true,
    esVoluntario: text(data.esVoluntario),
    cph: normalizeCph(data.cph),
  };
}

/** Missing (not blank) values take the defaults of SPEC section 4. */
function withDefaults(data: DonanteData): DonanteData {
  return {
    ...data,
    dni: data.dni == null ? data.dni : canonicalDni(data.dni),
    sexo: data.sexo ?? DONANTE_DEFAULTS.sexo,
    ProvinciaActual: data.ProvinciaActual ?? DONANTE_DEFAULTS.ProvinciaActual,
    nacionalidad: data.nacionalidad ?? DONANTE_DEFAULTS.nacionalidad,
    esVoluntario: data.esVoluntario ?? DONANTE_DEFAULTS.esVoluntario,
  };
}

/** A record for the audit log: the written fields only (on create, only those with a value). */
function auditable(d: Partial<Donante>, skipEmpty = false): Record<string, unknown> {
  const { servicioId: _s, createdAt: _c, updatedAt: _u, ...rest } = d;
  if (!skipEmpty) return rest;
  return Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== null && v !== undefined));
}

export class DonanteService {
  constructor(
    private readonly dataSource: DataSource,
    /** The reads every screen makes, as prepared statements (database/prepared.ts). */
    private readonly query: RunQuery,
    /** Today's eligibility of donors (the one rule, domain/elegibilidad.ts): the search's filter by it. */
    private readonly elegibilidad?: Pick<ElegibilidadService, 'deDonantes'>,
  ) {}

  /**
   * Donors of the caller's servicio whose dni / nombre / apellido start with the
   * given texts (any word of nombre and apellido, without accents or case);
   * see donante.search.ts for the order and the total.
   */
  async search(
    auth: AuthUser,
    filter: DonanteSearchData = {},
    page: PageData = {},
    /** The fields the caller shows (GraphQL: those the query asks for); all when omitted. */
    fields?: Iterable<string> | null,
    /** A column and a direction; none: the listing order of donante.search.ts. */
    orden?: DonanteOrdenData | null,
  ): Promise<DonantePageData> {
    const offset = Math.max(0, Math.trunc(page.offset ?? 0));
    const limit = Math.min(PAGE_MAX, Math.max(1, Math.trunc(page.limit ?? 20)));
    const errors: { field: string; msg: string }[] = [];
    const abo = valorDeLista(filter.abo, ABO, 'abo', MSG.grupoFiltroInvalido, errors);
    const rh = valorDeLista(filter.rh, RH, 'rh', MSG.factorFiltroInvalido, errors);
    if (orden && !ORDEN_CAMPOS.includes(orden.campo)) errors.push({ field: 'campo', msg: MSG.ordenInvalido });
    if (orden?.direccion && orden.direccion !== 'ASC' && orden.direccion !== 'DESC')
      errors.push({ field: 'direccion', msg: MSG.valorNoPermitido });
    if (
      filter.puedeDonar !== null &&
      filter.puedeDonar !== undefined &&
      typeof filter.puedeDonar !== 'boolean'
    )
      errors.push({ field: 'puedeDonar', msg: MSG.valorNoPermitido });
    assertValid(errors);
    const sqlFilter: DonanteFilterData = {
      dni: filter.dni,
      nombre: filter.nombre,
      apellido: filter.apellido,
      abo,
      rh,
    };
    const columns = donanteColumns(fields);
    const found =
      typeof filter.puedeDonar === 'boolean'
        ? await this.searchPorElegibilidad(auth, sqlFilter, filter.puedeDonar, orden, offset, limit, columns)
        : await searchDonantes(this.query, auth.servicio, sqlFilter, offset, limit, columns, orden);
    const items = hydrate(this.dataSource, Donante, found.rows);
    return { items, total: found.total, totalExacto: found.totalExacto, offset, limit };
  }

  /**
   * The search filtered by today's eligibility: the donors matching the rest of it are read in
   * listing order (at most DONANTES_ELEGIBILIDAD_REVISADOS_MAX), and the domain rules decide each
   * one, a batch at a time, until the page and the count (up to DONANTES_TOTAL_MAX) are filled:
   * the same decision the list shows (Donante.elegibilidad), from the same function. Reading a
   * history at another member of the network is a lookup, audited and within the budget, as the
   * list's own.
   */
  private async searchPorElegibilidad(
    auth: AuthUser,
    filter: DonanteFilterData,
    puedeDonar: boolean,
    orden: DonanteOrdenData | null | undefined,
    offset: number,
    limit: number,
    columns: string,
  ) {
    if (!this.elegibilidad) throw new Error('DonanteService: sin servicio de elegibilidad');
    const max = DONANTES_ELEGIBILIDAD_REVISADOS_MAX;
    const ids = await idsDonantes(this.query, auth.servicio, filter, orden, max + 1);
    // Enough matches for the page and for the count that the list shows.
    const buscadas = Math.max(offset + limit, DONANTES_TOTAL_MAX + 1);
    const coinciden: string[] = [];
    let revisados = 0;
    while (revisados < Math.min(ids.length, max) && coinciden.length < buscadas) {
      const lote = ids.slice(revisados, Math.min(revisados + ELEGIBILIDAD_LOTE, max));
      const e = await this.elegibilidad.deDonantes(auth.servicio, lote, auth);
      for (const id of lote) if (e.get(id)?.puedeDonar === puedeDonar) coinciden.push(id);
      revisados += lote.length;
    }
    const todos = revisados === ids.length;
    // Some donors were not read, and those read do not fill the page: it cannot be answered.
    if (!todos && coinciden.length < offset + limit) {
      throw ValidationError.single('puedeDonar', MSG.elegibilidadFiltroAmplio(max));
    }
    const rows = await donantesPorId(
      this.query,
      auth.servicio,
      coinciden.slice(offset, offset + limit),
      columns,
    );
    const exacto = todos && coinciden.length <= DONANTES_TOTAL_MAX;
    return { rows, total: Math.min(coinciden.length, DONANTES_TOTAL_MAX), totalExacto: exacto };
  }

  /** One live donor of the caller's servicio; anything else is NotFoundError. */
  async get(auth: AuthUser, id: string): Promise<Donante> {
    return this.find(this.dataSource.manager, auth, id, false);
  }

  async create(auth: AuthUser, data: DonanteData): Promise<Donante> {
    const input = withDefaults(data);
    assertValid(validateDonante(input, todayIso()));
    const fields = toFields(input);
    try {
      return await this.dataSource.transaction(async (m) => {
        const run: RunQuery = (sql, params) => m.query(sql, params);
        await lockIdentidad(run, auth.servicio, [fields.dni]);
        await this.assertDniFree(m, auth, fields.dni, null);
        // A DNI the person had before (merged, changed) names that person: one record each.
        await this.assertPersonaSinRegistro(run, auth, fields.dni, null);
        const donante = m.create(Donante, {
          ...fields,
          id: randomUUID(),
          servicioId: auth.servicio,
          ultimaDonacion: null,
          deletedAt: null,
        });
        await m.insert(Donante, donante);
        await audit(m, auth, 'crear', 'donante', donante.id, diff(null, auditable(donante, true)));
        return m.findOneByOrFail(Donante, { id: donante.id });
      });
    } catch (error) {
      throw await this.duplicateOr(error, auth, fields.dni);
    }
  }

  /** Replaces the donor's data (the whole record, as the form sends it). */
  async update(auth: AuthUser, id: string, data: DonanteData): Promise<Donante> {
    const input = withDefaults(data);
    const dni = canonicalDni(input.dni);
    try {
      return await this.dataSource.transaction(async (m) => {
        const run: RunQuery = (sql, params) => m.query(sql, params);
        if (!isUuid(id)) throw new NotFoundError(MSG.donanteNoEncontrado);
        // The person's lock first, then the row, as every writer of a person takes them.
        await lockIdentidad(run, auth.servicio, dni ? [dni] : [], [id]);
        const before = await this.find(m, auth, id, true);
        assertValid(validateDonante(input, todayIso(), { fechaNacimientoAnterior: before.fechaNacimiento }));
        const fields = toFields(input);
        await this.assertDniFree(m, auth, fields.dni, id);
        const unida =
          fields.dni !== before.dni ? await this.assertPersonaSinRegistro(run, auth, fields.dni, id) : null;
        // The new DNI was the person of deleted records only: they are this person (one document).
        if (unida && unida !== before.personaId)
          await unirPersonas(run, auth.servicio, before.personaId, unida);
        if (fields.sexo !== before.sexo && !puedeDecidir(auth)) {
          // The yearly limit depends on it: with donations recorded, a medical decision.
          const { donaciones } = await historialDe((sql, params) => m.query(sql, params), auth.servicio, id);
          if (donaciones.length > 0) throw new ForbiddenError(MSG.soloMedicoCambiaSexo);
        }
        await m.update(Donante, { id, servicioId: auth.servicio }, fields);
        const after = await m.findOneByOrFail(Donante, { id });
        const cambios = diff(auditable(before), auditable(after));
        if (Object.keys(cambios).length > 0) await audit(m, auth, 'editar', 'donante', id, cambios);
        return after;
      });
    } catch (error) {
      throw await this.duplicateOr(error, auth, dni);
    }
  }

  /** Marks the donor deleted: gone from every search and screen, kept with its donations. */
  async softDelete(auth: AuthUser, id: string): Promise<boolean> {
    return this.dataSource.transaction(async (m) => {
      await this.find(m, auth, id, true);
      const deletedAt = new Date();
      await m.update(Donante, { id, servicioId: auth.servicio }, { deletedAt });
      await audit(m, auth, 'eliminar', 'donante', id, { deletedAt: [null, deletedAt.toISOString()] });
      return true;
    });
  }

  /**
   * Brings back a deleted donor under the rules of create and update: its DNI
   * (in canonical form) must be free among the servicio's live donors. A
   * donor created with that DNI while this runs makes the unique index refuse
   * the update: the same answer as the check. Audited as 'restaurar'.
   */
  async restaurar(auth: AuthUser, id: string): Promise<Donante> {
    // The DNI the restore claims, once read: a unique violation is answered for it.
    const claimed: { dni?: string } = {};
    try {
      return await this.dataSource.transaction(async (m) => {
        const run: RunQuery = (sql, params) => m.query(sql, params);
        if (!isUuid(id)) throw new NotFoundError(MSG.donanteNoEncontrado);
        await lockIdentidad(run, auth.servicio, [], [id]);
        const before = await this.find(m, auth, id, true, { eliminado: true });
        if (before.deletedAt === null) throw ValidationError.single('', MSG.noEliminado);
        if (before.fusionadoCon !== null) throw ValidationError.single('', MSG.donanteFusionadoNoRestaurable);
        const dni = canonicalDni(before.dni);
        claimed.dni = dni;
        await this.assertDniFree(m, auth, dni, id);
        // The person has a live record already (created again after the deletion): one each.
        await this.assertPersonaSinRegistro(run, auth, dni, id);
        await m.update(Donante, { id, servicioId: auth.servicio }, { dni, deletedAt: null });
        const after = await m.findOneByOrFail(Donante, { id });
        await audit(m, auth, 'restaurar', 'donante', id, diff(auditable(before), auditable(after)));
        return after;
      });
    } catch (error) {
      throw claimed.dni === undefined ? error : await this.duplicateOr(error, auth, claimed.dni);
    }
  }

  /**
   * The caller's donor, locked until the commit when `lock`; anything else is
   * NotFoundError. A deleted donor counts only when `eliminado` says so.
   */
  private async find(
    m: EntityManager,
    auth: AuthUser,
    id: string,
    lock: boolean,
    { eliminado = false }: { eliminado?: boolean } = {},
  ): Promise<Donante> {
    if (!isUuid(id)) throw new NotFoundError(MSG.donanteNoEncontrado);
    const qb = m
      .createQueryBuilder(Donante, 'd')
      .where('d.id = :id AND d.servicioId = :servicio', { id, servicio: auth.servicio });
    if (!eliminado) qb.andWhere('d.deletedAt IS NULL');
    if (lock) qb.setLock('pessimistic_write');
    const donante = await qb.getOne();
    if (!donante) throw new NotFoundError(MSG.donanteNoEncontrado);
    return donante;
  }

  private async existingWithDni(
    m: EntityManager,
    auth: AuthUser,
    dni: string,
    exceptId: string | null,
  ): Promise<Donante | null> {
    const qb = m
      .createQueryBuilder(Donante, 'd')
      .where('d.servicioId = :servicio AND d.dni = :dni AND d.deletedAt IS NULL', {
        servicio: auth.servicio,
        dni,
      });
    if (exceptId) qb.andWhere('d.id <> :exceptId', { exceptId });
    // The record that holds the DNI plainly is the oldest; later ones await a merge with it.
    return qb.orderBy('d.createdAt', 'ASC').addOrderBy('d.id', 'ASC').getOne();
  }

  /**
   * The person `dni` names at the servicio, if any, must have no live record but `exceptId`:
   * refused as a duplicate, naming that record. Gives the person (to be joined), or null.
   */
  private async assertPersonaSinRegistro(
    run: RunQuery,
    auth: AuthUser,
    dni: string,
    exceptId: string | null,
  ): Promise<string | null> {
    const persona = await personaDelDni(run, auth.servicio, dni);
    if (!persona) return null;
    const vivo = persona.vivo;
    if (vivo && vivo.id !== exceptId?.toLowerCase()) {
      throw ValidationError.single('dni', donanteDuplicadoMsg(dni, vivo.apellido, vivo.nombre));
    }
    return persona.personaId;
  }

  private async assertDniFree(m: EntityManager, auth: AuthUser, dni: string, exceptId: string | null) {
    const other = await this.existingWithDni(m, auth, dni, exceptId);
    if (other) throw ValidationError.single('dni', donanteDuplicadoMsg(dni, other.apellido, other.nombre));
  }

  /** A unique-index violation (two saves racing for one DNI) becomes the same message as the check. */
  private async duplicateOr(error: unknown, auth: AuthUser, dni: string): Promise<unknown> {
    if (
      !isUniqueViolation(error, UNIQUE_INDEX.donanteDni) &&
      !isUniqueViolation(error, UNIQUE_INDEX.personaDni)
    ) {
      return error;
    }
    const other = await this.existingWithDni(this.dataSource.manager, auth, dni, null);
    return ValidationError.single(
      'dni',
      other ? donanteDuplicadoMsg(dni, other.apellido, other.nombre) : MSG.datosInvalidos,
    );
  }
}
