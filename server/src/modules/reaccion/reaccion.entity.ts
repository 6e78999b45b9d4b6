import { Field, ID, ObjectType, registerEnumType } from 'type-graphql';
import { Column, Entity, PrimaryColumn } from 'typeorm';
import {
  SEVERIDAD_REACCION_LABELS,
  TIPO_REACCION_LABELS,
  type SeveridadReaccion as SeveridadName,
  type TipoReaccion as TipoName,
} from '../../domain/reacciones';

/** GraphQL enum of the coded reaction kinds (domain/reacciones.ts TIPOS_REACCION). */
export enum TipoReaccion {
  VASOVAGAL_SIN_PERDIDA_CONCIENCIA = 'VASOVAGAL_SIN_PERDIDA_CONCIENCIA',
  VASOVAGAL_CON_PERDIDA_CONCIENCIA = 'VASOVAGAL_CON_PERDIDA_CONCIENCIA',
  HEMATOMA = 'HEMATOMA',
  PUNCION_ARTERIAL = 'PUNCION_ARTERIAL',
  LESION_NERVIOSA = 'LESION_NERVIOSA',
  REACCION_CITRATO = 'REACCION_CITRATO',
  OTRA = 'OTRA',
}

/** GraphQL enum of the severities (domain/reacciones.ts SEVERIDADES_REACCION). */
export enum SeveridadReaccion {
  LEVE = 'LEVE',
  MODERADA = 'MODERADA',
  SEVERA = 'SEVERA',
}

// Fail to compile if the enums and the domain lists ever drift apart.
const _mismosTipos: Record<TipoName, TipoReaccion> = TipoReaccion;
const _mismasSeveridades: Record<SeveridadName, SeveridadReaccion> = SeveridadReaccion;
void _mismosTipos;
void _mismasSeveridades;

registerEnumType(TipoReaccion, {
  name: 'TipoReaccion',
  description: 'Tipo de reacción del donante (codificado)',
  valuesConfig: Object.fromEntries(
    Object.values(TipoReaccion).map((t) => [t, { description: TIPO_REACCION_LABELS[t] }]),
  ),
});

registerEnumType(SeveridadReaccion, {
  name: 'SeveridadReaccion',
  description: 'Severidad de la reacción del donante',
  valuesConfig: Object.fromEntries(
    Object.values(SeveridadReaccion).map((s) => [s, { description: SEVERIDAD_REACCION_LABELS[s] }]),
  ),
});

/** A donor's reaction at a donation (migration 1764610000000): never deleted, corrected with an audit. */
@ObjectType({ description: 'Una reacción del donante durante o después de la donación' })
@Entity('reaccion_donante')
export class ReaccionDonante {
  @Field(() => ID)
  @PrimaryColumn('uuid')
  id: string;

  @Column('uuid')
  servicioId: string;

  @Column('uuid')
  donacionId: string;

  @Field(() => TipoReaccion)
  @Column('varchar', { length: 40 })
  tipo: TipoReaccion;

  @Field(() => SeveridadReaccion)
  @Column('varchar', { length: 10 })
  severidad: SeveridadReaccion;

  @Field({ description: 'Hora de la reacción (HH:mm)' })
  @Column('varchar', { length: 5 })
  hora: string;

  @Field(() => String, { nullable: true, description: 'Tratamiento indicado' })
  @Column('varchar', { length: 500, nullable: true })
  tratamiento: string | null;

  @Field(() => String, { nullable: true, description: 'Evolución del donante' })
  @Column('varchar', { length: 500, nullable: true })
  evolucion: string | null;

  @Field(() => String, { nullable: true, description: "Detalle (requerido con 'OTRA')" })
  @Column('varchar', { length: 500, nullable: true })
  detalle: string | null;

  /** Who recorded it (a user of the servicio); GraphQL gives the name (ReaccionResolver). */
  @Column('uuid', { name: 'registrada_por', nullable: true })
  registradaPorId: string | null;

  @Field({ description: 'Cuándo se registró' })
  @Column('timestamptz')
  registradaEn: Date;
}
