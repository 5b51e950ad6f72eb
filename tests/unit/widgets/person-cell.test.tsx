import * as React from 'react';
import { render, screen } from '@testing-library/react';
import { PersonCell } from '@/components/widgets/person-cell';

describe('person cell', () => {
  it("shows a person's avatar initials and name", () => {
    render(<PersonCell person={{ name: 'Ada Lovelace', avatar: null }} />);
    expect(screen.getByText('Ada Lovelace')).toBeInTheDocument();
    expect(screen.getByText('AL')).toBeInTheDocument();
  });

  it('renders nothing without a named person', () => {
    const { container, rerender } = render(<PersonCell person={null} />);
    expect(container).toBeEmptyDOMElement();
    rerender(<PersonCell person={{ name: '', avatar: 'https://example.com/a.png' }} />);
    expect(container).toBeEmptyDOMElement();
  });
});
