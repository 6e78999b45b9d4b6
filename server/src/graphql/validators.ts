import { MaxLength } from 'class-validator';
import { MSG } from '../domain/messages';

/** A text input of at most `n` characters, refused with the Spanish message that names the limit. */
export const maxTexto = (n: number) => MaxLength(n, { message: MSG.textoDemasiadoLargo(n) });
