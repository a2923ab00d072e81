package dev.slotwise.stack;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;

/** Directories and files of the local stack that only its owner may read: data, logs, secrets. */
final class PrivateFiles {

    static final FileAttribute<Set<PosixFilePermission>> OWNER_ONLY_FILE =
            PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------"));
    private static final Set<PosixFilePermission> OWNER_ONLY_DIRECTORY = PosixFilePermissions.fromString("rwx------");

    private PrivateFiles() {
    }

    /**
     * The directory, created 0700 whatever the umask (each missing parent too), or made 0700 when it exists: it
     * holds the database files, the broker's log and the secrets.
     */
    static Path directory(Path dir) throws IOException {
        Path absolute = dir.toAbsolutePath();
        if (absolute.getParent() != null && !Files.exists(absolute.getParent())) {
            directory(absolute.getParent());
        }
        if (!Files.exists(absolute)) {
            try {
                Files.createDirectory(absolute, PosixFilePermissions.asFileAttribute(OWNER_ONLY_DIRECTORY));
            } catch (FileAlreadyExistsException raced) {
                // created by a parallel start; its mode is set below
            }
        }
        // createDirectory's mode passes through the umask; set it outright
        Files.setPosixFilePermissions(absolute, OWNER_ONLY_DIRECTORY);
        return absolute;
    }
}
