import { Badge, Box } from '@chakra-ui/react';
import { useEffect, useId, useRef, useState } from 'react';
import { APP_BUILD_DATE, APP_VERSION } from '@domain/app-info';
import { formatDateTime } from '@domain/dates';

/**
 * 'DD/MM/YYYY HH:mm' of the build date, read from the text when it is written in Argentina's
 * offset (as app-info.ts writes it): the shell computes it on loading, and formatDateTime's first
 * call creates the time zone's formatters, about 50 ms of a slow phone's start-up. Any other form
 * goes through formatDateTime.
 */
export function fechaCompilacion(iso: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::\d{2}(?:\.\d+)?)?-03:00$/.exec(iso);
  return m ? `${m[3]}/${m[2]}/${m[1]} ${m[4]}:${m[5]}` : formatDateTime(iso);
}

export const VERSION_TEXT = `Versión: ${APP_VERSION}`;
export const BUILD_TEXT = `Compilado: ${fechaCompilacion(APP_BUILD_DATE)}`;

const OPEN_DELAY_MS = 200;
const CLOSE_DELAY_MS = 100;

/**
 * The version badge; its tooltip reads 'Versión: 1.1.9' and 'Compilado: DD/MM/YYYY HH:mm'.
 * Shown on hover and keyboard focus, hidden on leaving, blur or Escape (WCAG 1.4.13). The badge
 * sits at the right end of the top bar, so the box always opens below it, right-aligned: no
 * positioning library (Chakra's Tooltip brought ~12 kB gzip of it into every signed-in page).
 */
export function VersionTooltip() {
  const id = useId();
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const later = (value: boolean, ms: number) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setOpen(value), ms);
  };
  useEffect(() => () => clearTimeout(timer.current), []);
  // Escape on the document, not the badge: a tooltip opened by hovering is dismissible too,
  // wherever the focus is (WCAG 1.4.13).
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      clearTimeout(timer.current);
      setOpen(false);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open]);

  return (
    <Box
      position="relative"
      onMouseEnter={() => later(true, OPEN_DELAY_MS)}
      onMouseLeave={() => later(false, CLOSE_DELAY_MS)}
    >
      <Badge
        as="button"
        variant="outline"
        color="whiteAlpha.900"
        borderColor="whiteAlpha.500"
        cursor="help"
        // The accessible name starts with the visible text (WCAG 2.5.3, label in name).
        aria-label={`v${APP_VERSION}. ${VERSION_TEXT}. ${BUILD_TEXT}`}
        aria-describedby={open ? id : undefined}
        onFocus={() => later(true, 0)}
        onBlur={() => later(false, 0)}
      >
        v{APP_VERSION}
      </Badge>
      {open && (
        <Box
          id={id}
          role="tooltip"
          position="absolute"
          top="100%"
          right="0"
          mt="2"
          zIndex="tooltip"
          bg="gray.900"
          color="white"
          fontSize="xs"
          px="2.5"
          py="1"
          borderRadius="sm"
          boxShadow="md"
          whiteSpace="nowrap"
        >
          <div>{VERSION_TEXT}</div>
          <div>{BUILD_TEXT}</div>
        </Box>
      )}
    </Box>
  );
}
