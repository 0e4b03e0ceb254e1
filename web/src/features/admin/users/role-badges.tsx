/** A user's roles as badges; no roles reads as a regular "user" (seed-spec section 3). */
export function RoleBadges({ roles }: { roles: string[] }) {
  if (roles.length === 0) return <span className="badge">user</span>;
  return (
    <span className="row" style={{ gap: '0.3rem' }}>
      {roles.map((role) => (
        <span key={role} className={`badge${role === 'admin' ? ' admin-role' : ''}`}>
          {role}
        </span>
      ))}
    </span>
  );
}
