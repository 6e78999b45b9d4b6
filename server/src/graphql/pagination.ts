// Its decorators read type metadata when the file loads, whoever imports it first.
import 'reflect-metadata';
import { Max, Min } from 'class-validator';
import { ClassType, Field, InputType, Int, ObjectType } from 'type-graphql';

import { PAGE_MAX } from '../domain/limites';

export { PAGE_MAX };

@InputType({ description: 'Página de resultados' })
export class PageInput {
  @Field(() => Int, { defaultValue: 0 })
  @Min(0, { message: 'Valor no permitido' })
  @Max(1_000_000, { message: 'Valor no permitido' })
  offset: number = 0;

  @Field(() => Int, { defaultValue: 20 })
  @Min(1, { message: 'Valor no permitido' })
  @Max(PAGE_MAX, { message: 'Valor no permitido' })
  limit: number = 20;
}

export type Page<T> = { items: T[]; total: number; offset: number; limit: number };

/** A paginated result type: items plus the total count for the same filters. */
export function Paginated<T extends object>(itemClass: ClassType<T>, name: string) {
  @ObjectType(name)
  class PaginatedResult implements Page<T> {
    @Field(() => [itemClass])
    items: T[];

    @Field(() => Int)
    total: number;

    @Field(() => Int)
    offset: number;

    @Field(() => Int)
    limit: number;
  }
  return PaginatedResult;
}
