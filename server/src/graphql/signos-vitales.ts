// Its decorators read type metadata when the file loads, whoever imports it first.
import 'reflect-metadata';
import { Field, Float, InputType } from 'type-graphql';

/**
 * The vital signs as a client sends them: one input type shared by the operations that record
 * them (a donation, a 'No apto' screening visit), so a client fills both forms alike.
 */
@InputType({ description: 'Signos vitales; null u omitido = no medido (nunca 0)' })
export class SignosVitalesInput {
  @Field(() => Float, { nullable: true }) tas?: number | null;
  @Field(() => Float, { nullable: true }) tad?: number | null;
  @Field(() => Float, { nullable: true }) fc?: number | null;
  @Field(() => Float, { nullable: true }) peso?: number | null;
  @Field(() => Float, { nullable: true }) temp?: number | null;
  @Field(() => Float, { nullable: true }) hb?: number | null;
  @Field(() => Float, { nullable: true }) hto?: number | null;
}
