import { Field, ID, ObjectType } from 'type-graphql';
import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** A haemotherapy service: the tenant. Its id is also its administrator's user id. */
@ObjectType({ description: 'Servicio de hemoterapia (el titular de la cuenta)' })
@Entity('servicio')
export class Servicio {
  @Field(() => ID)
  @PrimaryColumn('uuid')
  id: string;

  @Field()
  @Column('varchar', { length: 200 })
  nombre: string;

  @Field(() => String, { nullable: true })
  @Column('varchar', { length: 200, nullable: true })
  direccion: string | null;

  @Field(() => String, { nullable: true })
  @Column('varchar', { length: 254, nullable: true })
  email: string | null;

  @Field(() => String, { nullable: true })
  @Column('varchar', { length: 50, nullable: true })
  telefono: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
