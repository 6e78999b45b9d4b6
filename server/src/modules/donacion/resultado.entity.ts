import { Field, ObjectType } from 'type-graphql';
import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import {
  etapaResultado,
  MARCADOR_LABELS,
  signoResultado,
  type EstadoRepeticion,
  type EstadoResultado,
  type Marcador,
  type ResultadoConfirmatorio,
} from '../../domain/resultados';

/**
 * One marker's laboratory result of a donation (migration 1764400000000): the screening, its
 * repeat in duplicate and the confirmatory test. GraphQL lists one per marker of the servicio's
 * panel, 'NO_REALIZADO' where nothing was recorded.
 */
@ObjectType({ description: 'Resultado de un marcador de la serología de una donación' })
@Entity('resultado')
export class Resultado {
  @PrimaryColumn('uuid')
  id: string;

  @Column('uuid')
  servicioId: string;

  @Column('uuid')
  donacionId: string;

  @Field(() => String, {
    description: 'HIV, HBSAG, ANTI_HBC, HCV, HTLV, CHAGAS, SIFILIS, BRUCELOSIS, NAT_HIV, NAT_HCV o NAT_HBV',
  })
  @Column('varchar', { length: 20 })
  marcador: Marcador;

  @Field(() => String, {
    description: "Tamizaje: 'NO_REALIZADO', 'NO_REACTIVO', 'REACTIVO' o 'INDETERMINADO'",
  })
  @Column('varchar', { length: 15 })
  estado: EstadoResultado;

  @Field(() => String, { nullable: true })
  @Column('varchar', { length: 100, nullable: true })
  tecnica: string | null;

  @Field(() => String, { nullable: true, description: 'YYYY-MM-DD' })
  @Column('date', { nullable: true })
  fecha: string | null;

  @Field(() => String, { nullable: true, description: 'Usuario que registró el tamizaje' })
  @Column('uuid', { nullable: true })
  registradoPor: string | null;

  @Field(() => String, { nullable: true, description: 'Repetición por duplicado: primer resultado' })
  @Column('varchar', { length: 15, nullable: true })
  repeticion1: EstadoRepeticion | null;

  @Field(() => String, { nullable: true, description: 'Repetición por duplicado: segundo resultado' })
  @Column('varchar', { length: 15, nullable: true })
  repeticion2: EstadoRepeticion | null;

  @Field(() => String, { nullable: true })
  @Column('varchar', { length: 100, nullable: true })
  repeticionTecnica: string | null;

  @Field(() => String, { nullable: true, description: 'YYYY-MM-DD' })
  @Column('date', { nullable: true })
  repeticionFecha: string | null;

  @Field(() => String, { nullable: true, description: 'Usuario que registró la repetición' })
  @Column('uuid', { nullable: true })
  repeticionPor: string | null;

  @Field(() => String, { nullable: true, description: "Prueba confirmatoria: 'POSITIVO' o 'NEGATIVO'" })
  @Column('varchar', { length: 10, nullable: true })
  confirmatorioResultado: ResultadoConfirmatorio | null;

  @Field(() => String, { nullable: true })
  @Column('varchar', { length: 100, nullable: true })
  confirmatorioTecnica: string | null;

  @Field(() => String, { nullable: true, description: 'YYYY-MM-DD' })
  @Column('date', { nullable: true })
  confirmatorioFecha: string | null;

  @Field(() => String, { nullable: true, description: 'Laboratorio que hizo la prueba confirmatoria' })
  @Column('varchar', { length: 100, nullable: true })
  confirmatorioLaboratorio: string | null;

  @Field(() => String, { nullable: true, description: 'Usuario que registró la prueba confirmatoria' })
  @Column('uuid', { nullable: true })
  confirmatorioPor: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;

  @Field(() => String, { description: 'El nombre del marcador' })
  get nombre(): string {
    return MARCADOR_LABELS[this.marcador] ?? this.marcador;
  }

  @Field(() => String, {
    description:
      "Dónde está: 'SIN_REALIZAR', 'NO_REACTIVO', 'REPETIR', 'REPETIDAMENTE_REACTIVO', 'CONFIRMADO_POSITIVO' o 'CONFIRMADO_NEGATIVO'",
  })
  get etapa(): string {
    return etapaResultado(this);
  }

  @Field(() => String, { description: "Como se imprime: '(+)', '(-)', 'sin realizar' o 'indeterminado'" })
  get signo(): string {
    return signoResultado(this);
  }
}
