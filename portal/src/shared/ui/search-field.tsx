import { TextField } from './field.tsx';

export interface SearchFieldProps {
  label: string;
  placeholder: string;
  value: string;
  onSearch: (text: string) => void;
}

/** A list's search box, first in its row of list controls (it takes the room left). */
export function SearchField({ label, placeholder, value, onSearch }: SearchFieldProps) {
  return (
    <div className="list-controls__search">
      <TextField
        label={label}
        type="search"
        placeholder={placeholder}
        value={value}
        onChange={(event) => onSearch(event.target.value)}
      />
    </div>
  );
}
