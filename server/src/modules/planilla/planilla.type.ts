import { Field, ObjectType } from 'type-graphql';
import { PlanillaCategory } from '../../domain/planillas';

@ObjectType({
  description: 'Planilla (formulario imprimible) del catálogo, servida en /planillas/{fileName}',
})
export class Planilla {
  @Field(() => String, { description: 'Nombre del archivo PDF' })
  fileName: string;

  @Field(() => String)
  displayName: string;

  @Field(() => String)
  description: string;

  @Field(() => String, { description: 'hemoterapia | registro | consentimiento | cph' })
  category: PlanillaCategory;
}
