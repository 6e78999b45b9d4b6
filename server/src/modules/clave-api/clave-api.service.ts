import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import type { AuthUser, ClaveApiCaller } from '../../auth/context';
import type { Clock } from '../../auth/rate-limit';
import { isUniqueViolation, UNIQUE_INDEX } from '../../database/errors';
import type { RunQuery } from '../../database/prepared';
import {
  CLAVE_API_PREFIJO,
  CLAVE_API_PREFIJO_VISIBLE,
  nombreClaveApi,
  validateNombreClaveApi,
} from '../../domain/clave-api';
import { CLAVE_API_USOS_POR_MINUTO, CLAVES_API_ACTIVAS_MAX } from '../../domain/limites';
import { MSG } from '../../domain/messages';
import { isUuid } from '../../domain/validation';
import { NotFoundError, TooManyRequestsError, UnauthenticatedError, ValidationError } from '../../errors';
import { auditStatement } from '../auditoria/audit';

/** An API key as its servicio lists it: never the secret, never its hash. */
export type ClaveApiDatos = {
  id: string;
  nombre: string;
  prefijo: string;
  creadaEn: Date;
  ultimoUso: Date | null;
  revocadaEn: Date | null;
};

/** A new key: the only time its secret is given. */
export type ClaveApiNueva = Omit<ClaveApiDatos, 'ultimoUso' | 'revocadaEn'> & { secreto: string };

export type ClaveApiOptions = {
  now?: Clock;
  /** Requests a key may make per window (tests lower it). */
  usosPorVentana?: number;
  ventanaMs?: number;
};

/**
 * SHA-256 of a secret, in hex. Right for these secrets and not for passwords: a secret is 32
 * random bytes, so nothing is gained by a slow hash (there is no dictionary to try), while
 * argon2 on every dashboard request would cost ~50 ms of CPU each and let anyone with a
 * made-up key tie up the server.
 */
const hashSecreto = (secreto: string): string => createHash('sha256').update(secreto).digest('hex');

const COLUMNAS = `id, nombre, prefijo, creada_en AS "creadaEn", ultimo_uso AS "ultimoUso", revocada_en AS "revocadaEn"`;

/**
 * Finds an active key by its hash and, in the same statement, counts the request in the key's
 * current window (a new window when the last one has passed) and records its last use. The
 * row's lock orders concurrent requests of one key, so every server process sees one count.
 * A fixed window: at most twice the limit can pass across a window's edge, which is enough
 * to stop a runaway dashboard.
 */
const USAR_SQL = `UPDATE clave_api SET
    ventana_desde = CASE WHEN ventana_desde > $2::timestamptz - $3::int * interval '1 millisecond'
      THEN ventana_desde ELSE $2::timestamptz END,
    ventana_usos = CASE WHEN ventana_desde > $2::timestamptz - $3::int * interval '1 millisecond'
      THEN ventana_usos + 1 ELSE 1 END,
    ultimo_uso = $2::timestamptz
  WHERE hash = $1 AND revocada_en IS NULL
  RETURNING id, servicio_id, ventana_desde, ventana_usos`;

/** Named API keys of a servicio for its dashboards: created, listed and revoked by ROL_SERVICIO. */
export class ClaveApiService {
  private readonly now: Clock;
  private readonly usosPorVentana: number;
  private readonly ventanaMs: number;

  constructor(
    private readonly dataSource: DataSource,
    private readonly query: RunQuery,
    options: ClaveApiOptions = {},
  ) {
    this.now = options.now ?? Date.now;
    this.usosPorVentana = options.usosPorVentana ?? CLAVE_API_USOS_POR_MINUTO;
    this.ventanaMs = options.ventanaMs ?? 60_000;
  }

  async listar(auth: AuthUser): Promise<ClaveApiDatos[]> {
    return (await this.query(
      `SELECT ${COLUMNAS} FROM clave_api WHERE servicio_id = $1
        ORDER BY revocada_en IS NOT NULL, creada_en DESC, id`,
      [auth.servicio],
    )) as ClaveApiDatos[];
  }

  /** A new key named `nombre`; the secret is in the answer and nowhere else. */
  async crear(auth: AuthUser, nombreEnviado: unknown): Promise<ClaveApiNueva> {
    const problema = validateNombreClaveApi(nombreEnviado);
    if (problema) throw ValidationError.single('nombre', problema);
    const nombre = nombreClaveApi(nombreEnviado);
    const secreto = CLAVE_API_PREFIJO + randomBytes(32).toString('base64url');
    const prefijo = secreto.slice(0, CLAVE_API_PREFIJO_VISIBLE);
    const id = randomUUID();
    try {
      return await this.dataSource.transaction(async (manager) => {
        // The servicio's row orders its key creations: the count below cannot be raced.
        await manager.query(`SELECT 1 FROM servicio WHERE id = $1 FOR UPDATE`, [auth.servicio]);
        const activas = (await manager.query(
          `SELECT lower(nombre) AS nombre FROM clave_api WHERE servicio_id = $1 AND revocada_en IS NULL`,
          [auth.servicio],
        )) as { nombre: string }[];
        if (activas.some((c) => c.nombre === nombre.toLowerCase())) {
          throw ValidationError.single('nombre', MSG.claveApiNombreRepetido);
        }
        if (activas.length >= CLAVES_API_ACTIVAS_MAX) {
          throw ValidationError.single('nombre', MSG.clavesApiAgotadas);
        }
        const [row] = (await manager.query(
          `INSERT INTO clave_api (id, servicio_id, nombre, prefijo, hash) VALUES ($1, $2, $3, $4, $5)
           RETURNING id, nombre, prefijo, creada_en AS "creadaEn"`,
          [id, auth.servicio, nombre, prefijo, hashSecreto(secreto)],
        )) as Omit<ClaveApiNueva, 'secreto'>[];
        const entry = auditStatement(auth, 'crear', 'clave_api', id, {
          nombre: [null, nombre],
          prefijo: [null, prefijo],
        });
        await manager.query(entry.sql, entry.params);
        return { ...row, secreto };
      });
    } catch (error) {
      if (isUniqueViolation(error, UNIQUE_INDEX.claveApiNombre)) {
        throw ValidationError.single('nombre', MSG.claveApiNombreRepetido);
      }
      throw error;
    }
  }

  /** Revokes a key of the caller's servicio: its next request is refused. */
  async revocar(auth: AuthUser, id: unknown): Promise<ClaveApiDatos> {
    if (!isUuid(id)) throw new NotFoundError();
    return this.dataSource.transaction(async (manager) => {
      const [clave] = (await manager.query(
        `SELECT ${COLUMNAS} FROM clave_api WHERE id = $1 AND servicio_id = $2 FOR UPDATE`,
        [id, auth.servicio],
      )) as ClaveApiDatos[];
      if (!clave) throw new NotFoundError();
      if (clave.revocadaEn) throw ValidationError.single('id', MSG.claveApiYaRevocada);
      const [revocada] = (await manager.query(
        `UPDATE clave_api SET revocada_en = now() WHERE id = $1 RETURNING ${COLUMNAS}`,
        [id],
      )) as [ClaveApiDatos[], number];
      const datos = revocada[0];
      const entry = auditStatement(auth, 'revocar', 'clave_api', id, {
        nombre: clave.nombre,
        revocadaEn: [null, datos.revocadaEn?.toISOString() ?? null],
      });
      await manager.query(entry.sql, entry.params);
      return datos;
    });
  }

  /**
   * The caller a bearer secret stands for, counting the request against the key's limit:
   * UnauthenticatedError when no active key has that secret (a revoked one is refused at once,
   * nothing is cached), TooManyRequestsError past the limit.
   */
  async autenticar(secreto: string): Promise<ClaveApiCaller> {
    const now = this.now();
    const [row] = (await this.query(USAR_SQL, [hashSecreto(secreto), new Date(now), this.ventanaMs])) as {
      id: string;
      servicio_id: string;
      ventana_desde: Date;
      ventana_usos: number;
    }[];
    if (!row) throw new UnauthenticatedError(MSG.claveApiInvalida);
    if (row.ventana_usos > this.usosPorVentana) {
      throw new TooManyRequestsError(
        row.ventana_desde.getTime() + this.ventanaMs - now,
        MSG.claveApiDemasiadosUsos,
      );
    }
    return { claveId: row.id, servicio: row.servicio_id };
  }
}
