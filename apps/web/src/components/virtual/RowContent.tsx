import { memo, type ReactNode } from 'react';

interface RowContentProps<T> {
  item: T;
  index: number;
  render(item: T, index: number): ReactNode;
}

function RowContentOf<T>({ item, index, render }: RowContentProps<T>) {
  return <>{render(item, index)}</>;
}

/** A drawn row's content: drawn again when its item or the drawing changes, not on every scroll frame. */
export const RowContent = memo(RowContentOf) as typeof RowContentOf;
