import { createContext, useContext } from 'react';
import type { Notifier } from './notifier';

export const NotifierContext = createContext<Notifier | null>(null);

export function useNotify(): Notifier {
  const notifier = useContext(NotifierContext);
  if (!notifier) throw new Error('useNotify needs a NotifierContext provider');
  return notifier;
}
