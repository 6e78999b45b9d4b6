import { Badge, Button, Link } from '@chakra-ui/react';
import type { ReactNode } from 'react';

const DEFAULT_DOCUMENT_FOLDER = 'planillas';

export type DocumentLinkProps = {
  fileName: string;
  /** Folder under the site root; default 'planillas'. */
  folder?: string;
  /** Shown text; defaults to the file name. */
  children?: ReactNode;
  variant?: 'link' | 'badge' | 'button';
  size?: 'sm' | 'md' | 'lg';
  /** Download the file instead of opening it in a new tab. */
  download?: boolean;
};

/** The URL of a static document: /{folder}/{fileName}. */
export function documentUrl(fileName: string, folder: string = DEFAULT_DOCUMENT_FOLDER): string {
  const clean = folder.replace(/^\/+|\/+$/g, '');
  return `/${clean}/${encodeURIComponent(fileName)}`;
}

/** A link to a static document, shown as a link, a badge or a button; downloads or opens in a new tab. */
export function DocumentLink({
  fileName,
  folder = DEFAULT_DOCUMENT_FOLDER,
  children,
  variant = 'link',
  size = 'md',
  download = false,
}: DocumentLinkProps) {
  const href = documentUrl(fileName, folder);
  const label = children ?? fileName;
  const target = download ? { download: fileName } : { target: '_blank', rel: 'noopener noreferrer' };
  if (variant === 'button') {
    return (
      <Button asChild size={size} variant="outline" colorPalette="brand">
        <a href={href} {...target}>
          {label}
        </a>
      </Button>
    );
  }
  if (variant === 'badge') {
    return (
      <Badge asChild size={size} colorPalette="brand" variant="subtle">
        <a href={href} {...target}>
          {label}
        </a>
      </Badge>
    );
  }
  return (
    <Link href={href} {...target} color="brand.fg" fontSize={size} textDecoration="underline">
      {label}
    </Link>
  );
}
