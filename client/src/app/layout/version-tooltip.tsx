import { Badge, Portal, Tooltip } from '@chakra-ui/react';
import { APP_BUILD_DATE, APP_VERSION } from '@domain/app-info';
import { formatDateTime } from '@domain/dates';

export const VERSION_TEXT = `Versión: ${APP_VERSION}`;
export const BUILD_TEXT = `Compilado: ${formatDateTime(APP_BUILD_DATE)}`;

/** The version badge; its tooltip reads 'Versión: 1.1.9' and 'Compilado: DD/MM/YYYY HH:mm'. */
export function VersionTooltip() {
  return (
    <Tooltip.Root openDelay={200} closeDelay={100} positioning={{ placement: 'bottom-end' }}>
      <Tooltip.Trigger asChild>
        <Badge
          as="button"
          variant="outline"
          color="whiteAlpha.900"
          borderColor="whiteAlpha.500"
          cursor="help"
          // The accessible name starts with the visible text (WCAG 2.5.3, label in name).
          aria-label={`v${APP_VERSION}. ${VERSION_TEXT}. ${BUILD_TEXT}`}
        >
          v{APP_VERSION}
        </Badge>
      </Tooltip.Trigger>
      <Portal>
        <Tooltip.Positioner>
          <Tooltip.Content>
            <div>{VERSION_TEXT}</div>
            <div>{BUILD_TEXT}</div>
          </Tooltip.Content>
        </Tooltip.Positioner>
      </Portal>
    </Tooltip.Root>
  );
}
