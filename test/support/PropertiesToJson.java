// The .properties oracle (issue 34): java.util.Properties.load reads each file named on the
// command line and the keys and values come out as one JSON object per file, by path.
// Bytes are decoded as Java 9+ PropertyResourceBundle does: UTF-8, and ISO-8859-1 when the bytes
// are not valid UTF-8. Run with `java PropertiesToJson.java FILE...` (single-file source launch).
import java.io.StringReader;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;
import java.util.TreeSet;

public class PropertiesToJson {
  public static void main(String[] args) throws Exception {
    StringBuilder out = new StringBuilder("{");
    for (int i = 0; i < args.length; i++) {
      byte[] bytes = Files.readAllBytes(Path.of(args[i]));
      String text;
      try {
        text = StandardCharsets.UTF_8.newDecoder()
            .onMalformedInput(CodingErrorAction.REPORT)
            .onUnmappableCharacter(CodingErrorAction.REPORT)
            .decode(ByteBuffer.wrap(bytes)).toString();
      } catch (CharacterCodingException e) {
        text = new String(bytes, StandardCharsets.ISO_8859_1);
      }
      Properties props = new Properties();
      props.load(new StringReader(text));
      if (i > 0) out.append(',');
      out.append(json(args[i])).append(":{");
      boolean first = true;
      for (String key : new TreeSet<>(props.stringPropertyNames())) {
        if (!first) out.append(',');
        first = false;
        out.append(json(key)).append(':').append(json(props.getProperty(key)));
      }
      out.append('}');
    }
    System.out.println(out.append('}'));
  }

  static String json(String s) {
    StringBuilder b = new StringBuilder("\"");
    for (char c : s.toCharArray()) {
      if (c == '"' || c == '\\') b.append('\\').append(c);
      else if (c < 0x20 || c > 0x7e) b.append(String.format("\\u%04x", (int) c));
      else b.append(c);
    }
    return b.append('"').toString();
  }
}
