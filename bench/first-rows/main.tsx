// B6's first-rows baseline: the least a page showing the user table can be on React and antd. It reads the
// session the console keeps, asks the same API for the same first page, and shows it in an antd Table.
import { Table } from 'antd';
import { useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';

interface UserRow {
  id: number;
  username: string;
  name: string;
  phone: string;
}

function Users() {
  const [rows, setRows] = useState<UserRow[]>([]);
  useEffect(() => {
    const session = JSON.parse(localStorage.getItem('liftcloud.session') ?? '{}') as { token?: string };
    void fetch('/api/users?pageNo=1&pageSize=20', { headers: { authorization: `Bearer ${session.token ?? ''}` } })
      .then((response) => response.json() as Promise<{ data: { records: UserRow[] } }>)
      .then((body) => setRows(body.data.records));
  }, []);
  return (
    <div data-testid="list-user" style={{ padding: 24 }}>
      <Table
        rowKey="id"
        dataSource={rows}
        pagination={false}
        columns={[
          { title: 'Username', dataIndex: 'username' },
          { title: 'Name', dataIndex: 'name' },
          { title: 'Phone', dataIndex: 'phone' },
        ]}
      />
    </div>
  );
}

createRoot(document.getElementById('root')!).render(<Users />);
