import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import { Paginated } from '../../graphql/pagination';
import { Auditoria } from './auditoria.entity';

@InputType({ description: 'Filtros de la auditoría: registro y rango de fechas (inclusive)' })
export class AuditoriaFilter {
  @Field(() => String, { nullable: true, description: 'donante, donacion, usuario, servicio, etiqueta' })
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
}
