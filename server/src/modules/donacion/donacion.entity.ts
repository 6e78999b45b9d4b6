import { Directive, Field, Float, ID, Int, ObjectType } from 'type-graphql';
import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn, ValueTransformer } from 'typeorm';

/** numeric columns arrive from pg as strings. */
const numeric: ValueTransformer = {
  to: (value: number | null | undefined) => value,
  from: (value: string | null) => (value === null || value === undefined ? null : Number(value)),
};

/** time columns arrive as 'HH:mm:ss'; the product speaks 'HH:mm'. */
const hhmm: ValueTransformer = {
  to: (value: string | null | undefined) => value,
  from: (value: string | null) => (value ? value.slice(0, 5) : value),
};

@ObjectType({ description: 'Signos vitales; null = no medido' })
export class SignosVitales {
  @Field(() => Float, { nullable: true, description: 'Tensión arterial sistólica (mmHg)' })
  tas: number | null;

  @Field(() => Float, { nullable: true, description: 'Tensión arterial diastólica (mmHg)' })
  tad: number | null;

  @Field(() => Float, { nullable: true, description: 'Frecuencia cardíaca (lpm)' })
  fc: number | null;

  @Field(() => Float, { nullable: true, description: 'Peso (kg)' })
  peso: number | null;

  @Field(() => Float, { nullable: true, description: 'Temperatura (°C)' })
  temp: number | null;

  @Field(() => Float, { nullable: true, description: 'Hemoglobina (g/dl)' })
  hb: number | null;

  @Field(() => Float, { nullable: true, description: 'Hematocrito (%)' })
  hto: number | null;
}

@ObjectType({ description: 'Serología: true = reactivo (+)' })
export class Serologia {
  @Field() hiv: boolean;
  @Field() hepB: boolean;
  @Field() hepC: boolean;
  @Field() vdrl: boolean;
  @Field() brucelosis: boolean;
  @Field() chagas: boolean;
  @Field() htlv: boolean;
}

/** A blood donation of a donor, numbered with the servicio's label number. */
@ObjectType({ description: 'Donación de sangre' })
@Directive('@key(fields: "id")')
@Entity('donacion')
export class Donacion {
  @Field(() => ID)
  @PrimaryColumn('uuid')
  id: string;

  @Field(() => ID)
  @Column('uuid')
  servicioId: string;

  @Field(() => ID)
  @Column('uuid')
  donanteId: string;

  @Field(() => Int, { description: 'Número de etiqueta, único en el servicio' })
  @Column('integer')
  numero: number;

  @Field(() => String, { description: 'YYYY-MM-DD' })
  @Column('date')
  fecha: string;

  @Field(() => String, { description: 'HH:mm' })
  @Column('time', { transformer: hhmm })
  hora: string;

  @Field()
  @Column('boolean', { default: false })
  plasmaCovid: boolean;

  @Column('numeric', { precision: 6, scale: 2, nullable: true, transformer: numeric })
  taSistolica: number | null;

  @Column('numeric', { precision: 6, scale: 2, nullable: true, transformer: numeric })
  taDiastolica: number | null;

  @Column('numeric', { precision: 6, scale: 2, nullable: true, transformer: numeric })
  fc: number | null;

  @Column('numeric', { precision: 6, scale: 2, nullable: true, transformer: numeric })
  peso: number | null;

  @Column('numeric', { precision: 6, scale: 2, nullable: true, transformer: numeric })
  temp: number | null;

  @Column('numeric', { precision: 6, scale: 2, nullable: true, transformer: numeric })
  hb: number | null;

  @Column('numeric', { precision: 6, scale: 2, nullable: true, transformer: numeric })
  hto: number | null;

  @Field(() => String, { description: "'Bolsa Doble' o 'Bolsa Triple'" })
  @Column('varchar', { length: 20 })
  tipoBolsa: string;

  @Field(() => String)
  @Column('varchar', { length: 50 })
  loteBolsa: string;

  @Field()
  @Column('boolean', { default: false })
  donacionAferesis: boolean;

  @Field(() => String, { description: "'', 'A', 'B', 'AB' u 'O'" })
  @Column('varchar', { length: 2, default: '' })
  abo: string;

  @Field(() => String, { description: "'', 'POSITIVO' o 'NEGATIVO'" })
  @Column('varchar', { length: 10, default: '' })
  rh: string;

  @Field(() => Serologia, { nullable: true, description: 'null = sin resultados cargados' })
  @Column('jsonb', { nullable: true })
  serologia: Serologia | null;

  /** The spec's markers actually tested (domain/resultados.ts serologiaRealizada): what the reports count. */
  @Field(() => [String], {
    description: 'Los marcadores de la serología ya analizados (hiv, hepB...): reactivos o no reactivos',
  })
  @Column('text', { array: true, default: () => "'{}'" })
  serologiaRealizada: string[];

  @Field({ description: 'Un marcador con prueba confirmatoria positiva: diferimiento definitivo' })
  @Column('boolean', { default: false })
  serologiaConfirmada: boolean;

  @Field(() => String, {
    description: "Anticuerpos irregulares: '' sin realizar, 'NEGATIVO' o 'POSITIVO' (con el anticuerpo)",
  })
  @Column('varchar', { length: 10, default: '' })
  anticuerposIrregulares: string;

  @Field(() => String, {
    nullable: true,
    description: 'El anticuerpo irregular encontrado (anti-K, anti-E...)',
  })
  @Column('varchar', { length: 100, nullable: true })
  anticuerpo: string | null;

  @Field({
    description:
      'El grupo o el factor difieren de donaciones anteriores del donante: marcada hasta que una nueva tipificación confirme uno',
  })
  @Column('boolean', { default: false })
  grupoDiscordante: boolean;

  @Field(() => String, { nullable: true, description: 'Por qué se confirmó un grupo discordante' })
  @Column('varchar', { length: 500, nullable: true })
  grupoMotivo: string | null;

  @Field(() => ID, { nullable: true, description: 'Quién confirmó el grupo discordante' })
  @Column('uuid', { nullable: true })
  grupoConfirmadoPor: string | null;

  @Field(() => ID, { nullable: true, description: 'Quién registró la nueva tipificación' })
  @Column('uuid', { nullable: true })
  grupoRetipificadoPor: string | null;

  @Field(() => String, { nullable: true, description: "'Definitiva' o 'Temporal'" })
  @Column('varchar', { length: 20, nullable: true })
  exclusionDefinitiva: string | null;

  @Field(() => Int, { nullable: true, description: 'Días: 0, 15, 30, 90, 180 o 365' })
  @Column('integer', { nullable: true })
  exclusionTiempo: number | null;

  @Field(() => String, { nullable: true })
  @Column('varchar', { length: 50, nullable: true })
  exclusionCodigo: string | null;

  @Field(() => ID, { nullable: true, description: 'Usuario que la registró' })
  @Column('uuid', { nullable: true })
  registradoPor: string | null;

  @Column('timestamptz', { nullable: true })
  deletedAt: Date | null;

  @Field()
  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @Field()
  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;

  /** The vital signs as one object (the columns are separate). A getter: a list asks it for every row. */
  @Field(() => SignosVitales)
  get sv(): SignosVitales {
    return {
      tas: this.taSistolica,
      tad: this.taDiastolica,
      fc: this.fc,
      peso: this.peso,
      temp: this.temp,
      hb: this.hb,
      hto: this.hto,
    };
  }
}

/** One row per servicio: the last label number issued. */
@Entity('etiqueta_contador')
export class EtiquetaContador {
  @PrimaryColumn('uuid')
  servicioId: string;

  @Column('bigint')
  ultimo: string;
}
