import { fireEvent, render, screen } from '@testing-library/react';
import { localAvatarSource, UserAvatar } from '@/components/shell/user-avatar';
import { PersonCell } from '@/components/widgets/person-cell';
import { contentSecurityPolicy } from '@/lib/server/security-headers';

/** Issue 37: avatars never load from another host; people get their initials (or a picture the console serves). */

describe('avatars', () => {
  it.each([
    'https://api.dicebear.com/7.x/initials/svg?seed=admin',
    'https://www.gravatar.com/avatar/0bc83cb571cd1c50ba6f3e8a78ef1346',
    'http://ui-avatars.com/api/?name=Ada',
    '//evil.example/a.png',
    '/\\evil.example/a.png',
    'javascript:alert(1)',
  ])('show initials, and request nothing, for %s', (avatar) => {
    const { container } = render(<PersonCell person={{ name: 'Ada Lovelace', avatar }} />);
    expect(screen.getByText('AL')).toBeInTheDocument();
    expect(container.querySelector('img')).toBeNull();
    expect(localAvatarSource(avatar)).toBeNull();
  });

  it('show a picture the console serves itself, and initials when it fails to load', () => {
    const { container } = render(<UserAvatar name="Grace Hopper" avatar="/avatars/grace.png" />);
    const img = container.querySelector('img');
    expect(img).toHaveAttribute('src', '/avatars/grace.png');
    fireEvent.error(img!);
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByText('GH')).toBeInTheDocument();
  });

  it('accept inline images', () => {
    const inline = 'data:image/png;base64,iVBORw0KGgo=';
    expect(localAvatarSource(inline)).toBe(inline);
    expect(localAvatarSource('data:text/html;base64,PHNjcmlwdD4=')).toBeNull();
    expect(localAvatarSource('  ')).toBeNull();
    expect(localAvatarSource(null)).toBeNull();
  });

  it('are decorative: the name beside them names the person', () => {
    render(<PersonCell person={{ name: 'Ada Lovelace', avatar: null }} />);
    expect(screen.getByText('AL').closest('[aria-hidden]')).not.toBeNull();
  });
});

describe('the Content-Security-Policy', () => {
  it('allows images from the console itself only (no https: source for third-party avatars)', () => {
    const csp = contentSecurityPolicy({ nonce: 'bm9uY2U=', development: false, frameAncestors: [] });
    const img = /img-src ([^;]*)/.exec(csp)?.[1];
    expect(img).toBe(`'self' data: blob:`);
  });
});
