import { Authorized, Query, Resolver } from 'type-graphql';
import { PLANILLAS } from '../../domain/planillas';
import { Planilla } from './planilla.type';

@Resolver(() => Planilla)
export class PlanillaResolver {
  @Authorized()
  @Query(() => [Planilla], { description: 'Catálogo de planillas descargables' })
  planillas(): Planilla[] {
    return PLANILLAS.map((p) => ({ ...p }));
  }
}
