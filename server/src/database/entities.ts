import { Auditoria } from '../modules/auditoria/auditoria.entity';
import { Donacion, EtiquetaContador } from '../modules/donacion/donacion.entity';
import { Donante } from '../modules/donante/donante.entity';
import { Servicio } from '../modules/servicio/servicio.entity';
import { Usuario } from '../modules/usuario/usuario.entity';

/** Every TypeORM entity; each feature adds its own here. */
export const entities = [Servicio, Usuario, Auditoria, Donante, Donacion, EtiquetaContador];
