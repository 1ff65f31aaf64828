import { useState } from 'react';

/**
 * A yes-or-no saved as soon as it is changed. The new choice shows from the click itself until the
 * server has answered, then the stored one does (the answer's, or the old one if saving failed).
 * Reading the mutation's own pending state instead would let React put the box back for a moment:
 * the click's render comes before the mutation reports itself pending, and a quick reader (a user
 * looking twice, a browser test) sees the old value.
 */
export function useSavedChoice(stored: boolean, save: (choice: boolean, settled: () => void) => void) {
  const [chosen, setChosen] = useState<boolean | null>(null);
  return {
    checked: chosen ?? stored,
    change: (choice: boolean) => {
      setChosen(choice);
      save(choice, () => setChosen(null));
    },
  };
}
