import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { placesQueryKey, searchPlaces } from '../api/directions';

/** One request per pause in typing, not per key. */
const DEBOUNCE_MS = 250;
const MIN_CHARS = 2;

export function usePlaceSearch(text: string, enabled: boolean) {
  const [settled, setSettled] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSettled(text.trim()), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const active = enabled && settled.length >= MIN_CHARS;
  const query = useQuery({
    queryKey: placesQueryKey(settled),
    queryFn: () => searchPlaces(settled),
    enabled: active,
    staleTime: 5 * 60_000,
  });
  return { places: active ? (query.data ?? []) : [], loading: active && query.isFetching, error: active ? query.error : null };
}
