/**
 * /settings/users in Clerk mode: the people of an organization are Clerk's members, invited and given roles in the
 * organization's settings, so the page says so and links there instead of listing the backend's identities.
 */
export function ClerkUsersNote({ organizationSettingsUrl }: { organizationSettingsUrl: string | undefined }) {
  return (
    <section aria-labelledby="clerk-users-title" className="m-4 max-w-2xl space-y-2 rounded-md border p-4">
      <h2 id="clerk-users-title" className="text-base font-semibold">
        Users are managed in your organization&apos;s settings
      </h2>
      <p className="text-sm text-muted-foreground">
        This console signs people in with Clerk: invite members, change their roles and remove them in the
        organization&apos;s settings. Their roles apply here on their next sign-in.
      </p>
      {organizationSettingsUrl ? (
        <a
          href={organizationSettingsUrl}
          target="_blank"
          rel="noreferrer"
          className="inline-block text-sm font-medium text-primary underline-offset-4 hover:underline"
        >
          Open the organization&apos;s settings
        </a>
      ) : (
        <p className="text-sm text-muted-foreground">
          Open them from the organization switcher in the header.
        </p>
      )}
    </section>
  );
}
