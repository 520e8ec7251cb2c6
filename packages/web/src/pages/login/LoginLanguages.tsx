import { Button, Flex } from 'antd';
import { LANGUAGES } from '@liftcloud/client';
import { useConsole } from '../../app/ConsoleContext';
import { LANGUAGE_NAMES } from '../../layout/languageNames';

/** The login page's language choice: three links, lighter than the header's select. Saved, then reload. */
export function LoginLanguages() {
  const { client, language } = useConsole();
  return (
    <Flex gap={4} data-testid="login-languages">
      {LANGUAGES.map((code) => (
        <Button
          key={code}
          size="small"
          type={code === language ? 'primary' : 'text'}
          aria-pressed={code === language}
          onClick={() => {
            if (code === language) return;
            client.session.setLanguage(code);
            location.reload();
          }}
        >
          {LANGUAGE_NAMES[code]}
        </Button>
      ))}
    </Flex>
  );
}
