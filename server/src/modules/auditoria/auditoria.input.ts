import { Field, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { OrdenDireccion } from '../../graphql/orden';
import { Paginated } from '../../graphql/pagination';
import { Auditoria } from './auditoria.entity';

/** The columns of the audit trail it can be ordered by. */
export enum AuditoriaOrdenCampo {
  FECHA = 'FECHA',
  USUARIO = 'USUARIO',
  ACCION = 'ACCION',
  REGISTRO = 'REGISTRO',
}

registerEnumType(AuditoriaOrdenCampo, {
  name: 'AuditoriaOrdenCampo',
  description: 'Columna por la que se ordena el registro de auditoría (a igual valor, lo más nuevo primero)',
  valuesConfig: {
    FECHA: { description: 'Cuándo' },
    USUARIO: { description: 'El usuario del servicio que lo registró (sin usuario, al final)' },
    ACCION: { description: 'La acción' },
    REGISTRO: { description: 'El tipo de registro y su id' },
  },
});

@InputType({ description: 'Orden del registro de auditoría' })
export class AuditoriaOrden {
  @Field(() => AuditoriaOrdenCampo)
  campo: AuditoriaOrdenCampo;

  @Field(() => OrdenDireccion, { nullable: true, defaultValue: OrdenDireccion.ASC })
  direccion?: OrdenDireccion | null;
}

@InputType({
  description:
    'Filtros de la auditoría, todos juntos: registro, donante, número de donación, usuario, acción y rango de fechas (inclusive)',
})
export class AuditoriaFilter {
  @Field(() => String, {
    nullable: true,
    description:
      'Donante: su DNI, o su apellido (y nombre) como empieza. Todo lo de la persona: sus registros, donaciones (también eliminadas) y sus componentes, visitas No apto, etiquetas emitidas para ella y consultas de la red',
  })
  donante?: string | null;

  @Field(() => String, {
    nullable: true,
    description:
      'Número de donación o su código (con carácter de control): las donaciones con ese número (también eliminadas), sus componentes y la emisión de la etiqueta',
  })
  numero?: string | null;

  @Field(() => ID, { nullable: true, description: 'Quién hizo el cambio (un usuario del servicio)' })
  usuarioId?: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'crear, editar, eliminar, restaurar, fusionar, clave, revocar, levantar o consultar',
  })
  accion?: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'donante, donacion, componente, usuario, servicio, etiqueta',
  })
  entidad?: string | null;

  @Field(() => String, { nullable: true, description: 'Id del registro' })
  entidadId?: string | null;

  @Field(() => String, { nullable: true, description: 'YYYY-MM-DD (desde ese día, inclusive)' })
  desde?: string | null;

  @Field(() => String, { nullable: true, description: 'YYYY-MM-DD (hasta ese día, inclusive)' })
  hasta?: string | null;
}

@ObjectType({ description: 'Una persona que nombra un registro de auditoría, por su nombre' })
export class PersonaAuditoria {
  @Field(() => ID)
  id: string;

  @Field({ description: 'Nombre y apellido (el usuario si no tiene nombre)' })
  nombre: string;
}

export const AuditoriaPage = Paginated(Auditoria, 'AuditoriaPage');
export type AuditoriaPage = InstanceType<typeof AuditoriaPage>;

@ObjectType({
  description:
    'Una restauración de una copia de seguridad (npm run restore), según la entrada que la registra en la cadena: ' +
    'la copia y lo que el servicio tenía después de ella y se descartó',
})
export class RestauracionAuditoria {
  @Field(() => ID, { description: 'La entrada de auditoría que registra la restauración' })
  entrada: string;

  @Field({ description: 'Cuándo se restauró' })
  at: Date;

  @Field({ description: 'Nombre del archivo de la copia' })
  archivo: string;

  @Field({ description: 'Cuándo se hizo la copia (ISO 8601)' })
  copiaCreada: string;

  @Field({ description: 'SHA-256 del archivo de la copia' })
  copiaSha256: string;

  @Field(() => ID, { nullable: true, description: 'La última entrada de la cadena antes de restaurar' })
  entradaAnterior: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'El hash de la cabeza de la cadena antes de restaurar: un ancla tomada entonces lo nombra',
  })
  cabezaAnterior: string | null;

  @Field(() => Int, { description: 'Entradas de auditoría posteriores a la copia, descartadas' })
  entradasDescartadas: number;

  @Field(() => ID, { nullable: true, description: 'La primera entrada descartada' })
  primeraDescartada: string | null;

  @Field(() => ID, { nullable: true, description: 'La última entrada descartada' })
  ultimaDescartada: string | null;

  @Field(() => Int, { description: 'Donaciones creadas o modificadas después de la copia, descartadas' })
  donacionesDescartadas: number;

  @Field(() => Int, { description: 'Resultados cargados o cambiados después de la copia, descartados' })
  resultadosDescartados: number;

  @Field(() => [Int], {
    description: 'Números de las donaciones cuya serología reactiva o exclusión definitiva se descartó',
  })
  reactivosDescartados: number[];

  @Field(() => Int, { description: 'Donantes creados o modificados después de la copia, descartados' })
  donantesDescartados: number;

  @Field(() => Int, {
    description: "Visitas 'No apto' creadas o modificadas después de la copia, descartadas",
  })
  visitasNoAptoDescartadas: number;
}

@ObjectType({
  description:
    'La cabeza de la cadena de auditoría del servicio: su última entrada y el hash de esa entrada (el libro la imprime)',
})
export class CabezaAuditoria {
  @Field(() => ID, { nullable: true, description: 'La última entrada (null sin entradas)' })
  entrada: string | null;

  @Field(() => String, { nullable: true, description: 'Su hash (null sin entradas)' })
  hash: string | null;
}

@ObjectType({ description: 'Resultado de recalcular la cadena de hashes de la auditoría del servicio' })
export class VerificacionAuditoria {
  @Field({ description: 'Verdadero si ninguna entrada fue modificada, quitada ni reordenada' })
  ok: boolean;

  @Field(() => Int, { description: 'Entradas de auditoría del servicio' })
  entradas: number;

  @Field(() => ID, {
    nullable: true,
    description: 'Id de la primera entrada rota (null si la cadena está intacta)',
  })
  primeraRota: string | null;

  @Field(() => String, { nullable: true, description: 'Por qué se rompe la cadena (null si está intacta)' })
  motivo: string | null;

  @Field(() => String, {
    nullable: true,
    description:
      'El hash de la última entrada (la cabeza de la cadena), para guardarlo fuera de la base y ' +
      'comprobar más tarde con `ancla` que la cadena no fue reescrita (null sin entradas)',
  })
  ultimoHash: string | null;

  @Field(() => [RestauracionAuditoria], {
    description:
      'Las restauraciones de copias que la cadena registra, la más vieja primero: una cadena intacta después ' +
      'de restaurar una copia vieja no tiene las entradas posteriores a la copia, y esto dice cuáles y qué más se descartó',
  })
  restauraciones: RestauracionAuditoria[];
}
