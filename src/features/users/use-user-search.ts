import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { SEARCH_DEBOUNCE_MS } from '../../../core/constants';
import { searchQuery, searchTerm } from '../../api/users.queries';

/**
 * A username search as typed: the field's text, the term it settled on after the debounce, the
 * answer, whether anything is typed, and whether the answer is still coming (Find, New message).
 */
export function useUserSearch() {
  const [input, setInput] = useState('');
  const [term, setTerm] = useState('');
  useEffect(() => {
    const next = searchTerm(input);
    const timer = window.setTimeout(() => setTerm(next), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [input]);
  const results = useQuery(searchQuery(term));
  const typed = searchTerm(input) !== '';
  const waiting = typed && (term !== searchTerm(input) || results.isPending);
  return { input, setInput, term, results, typed, waiting };
}
